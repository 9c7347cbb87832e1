/** The SMS segment rule (src/contract/messageTemplates.ts): GSM-7 160 / 153, UCS-2 70 / 67, Arabic is UCS-2. */
import { describe, expect, it } from 'vitest';
import { smsSegments } from '../../src/contract/messageTemplates';

describe('smsSegments', () => {
  it('counts GSM-7 text: one part up to 160, then 153 a part', () => {
    expect(smsSegments('')).toEqual({ encoding: 'GSM-7', units: 0, segments: 0, perSegment: 160, remaining: 160 });
    expect(smsSegments('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', units: 160, segments: 1, remaining: 0 });
    expect(smsSegments('a'.repeat(161))).toMatchObject({ segments: 2, perSegment: 153, remaining: 145 });
    expect(smsSegments('a'.repeat(306))).toMatchObject({ segments: 2, remaining: 0 });
    expect(smsSegments('a'.repeat(307))).toMatchObject({ segments: 3 });
  });

  it('counts the extension characters (€ [ ] { } ~ ^ | \\) twice, and keeps the GSM accents in GSM-7', () => {
    expect(smsSegments('€')).toMatchObject({ encoding: 'GSM-7', units: 2 });
    expect(smsSegments('{}[]')).toMatchObject({ units: 8 });
    expect(smsSegments('€'.repeat(80))).toMatchObject({ units: 160, segments: 1 });
    expect(smsSegments('€'.repeat(81))).toMatchObject({ units: 162, segments: 2 });
    expect(smsSegments('Ça déjà vu? Ñoño Ü')).toMatchObject({ encoding: 'GSM-7' });
  });

  it('counts Arabic as UCS-2: one part up to 70, then 67 a part', () => {
    const arabic = 'طلبك جاهز للاستلام';
    expect(smsSegments(arabic)).toMatchObject({ encoding: 'UCS-2', units: arabic.length, segments: 1, perSegment: 70 });
    expect(smsSegments('ع'.repeat(70))).toMatchObject({ segments: 1, remaining: 0 });
    expect(smsSegments('ع'.repeat(71))).toMatchObject({ segments: 2, perSegment: 67, remaining: 63 });
    expect(smsSegments('ع'.repeat(135))).toMatchObject({ segments: 3 });
  });

  it('one character outside GSM-7 makes the whole text UCS-2 (Turkish ş, an emoji counted as two units)', () => {
    expect(smsSegments(`${'a'.repeat(100)}ş`)).toMatchObject({ encoding: 'UCS-2', units: 101, segments: 2 });
    expect(smsSegments('👓')).toMatchObject({ encoding: 'UCS-2', units: 2 });
  });
});
