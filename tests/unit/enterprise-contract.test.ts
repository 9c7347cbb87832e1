/** The slug and logo rules the enterprise screens and the server share (src/contract/enterprise.ts). */
import { describe, expect, it } from 'vitest';
import { enterpriseMessages as M, logoProblem, LOGO_MAX_BYTES, PortalSlug } from '../../src/contract/enterprise';
import { reservedSlugs } from '../../src/contract/reservedSlugs';

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
const pngBytes = (size: number) => {
  const bytes = Buffer.alloc(size);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
};

describe('portal slugs', () => {
  it("reserve the first word of every route of the app, and the server's own paths", () => {
    for (const word of ['admin', 'login', 'kiosk', 'eforms', 'pr', 'patient', 'pages', 'api', 'assets', 'register', 'logout']) {
      expect(reservedSlugs.has(word), word).toBe(true);
    }
    expect(reservedSlugs.has('clearview')).toBe(false);
  });

  it.each([
    ['acme', null],
    ['acme-vision-2', null],
    ['Acme', M.slug],
    ['-acme', M.slug],
    ['acme_vision', M.slug],
    ['a'.repeat(64), M.slug],
    ['', M.slug],
    ['admin', M.slugReserved],
    ['eforms', M.slugReserved],
  ])('%s', (slug, message) => {
    const result = PortalSlug.safeParse(slug);
    expect(result.success ? null : result.error.issues[0]!.message).toBe(message);
  });
});

describe('logos', () => {
  it('accept PNG, JPEG and WebP whose bytes are what they claim, within the size limit', () => {
    expect(logoProblem(dataUrl('image/png', pngBytes(100)))).toBeNull();
    expect(logoProblem(dataUrl('image/jpeg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(40)])))).toBeNull();
    expect(logoProblem(dataUrl('image/webp', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(20)])))).toBeNull();
    expect(logoProblem(dataUrl('image/png', pngBytes(LOGO_MAX_BYTES)))).toBeNull();
  });

  it('refuse SVG, other types, disguised files, broken base64 and anything over the limit', () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(logoProblem(dataUrl('image/svg+xml', svg))).toBe(M.logoType);
    expect(logoProblem(dataUrl('image/png', svg))).toBe(M.logoType);
    expect(logoProblem(dataUrl('image/gif', Buffer.from('GIF89a..............')))).toBe(M.logoType);
    expect(logoProblem('data:image/png;base64,not*base64*at*all*')).toBe(M.logoType);
    expect(logoProblem('https://example.com/logo.png')).toBe(M.logoType);
    expect(logoProblem(dataUrl('image/png', pngBytes(LOGO_MAX_BYTES + 1)))).toBe(M.logoSize);
  });
});
