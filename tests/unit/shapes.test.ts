import { describe, expect, it } from 'vitest';
import * as shapes from '../../src/api/shapes';
import { parseOrNull } from '../../src/api/shapes';
import type { Shape } from '../../src/api/shapes';
import { PortalMapping, User } from '../../src/contract/auth';
import { ErrorResponse } from '../../src/contract/common';
import { defaultThemeSettings, ThemeSettings } from '../../src/contract/settings';
import { z } from '../../src/contract/zod';
import { clearviewDowntown, janeDoe, newUser } from '../fixtures/auth';

// src/api/shapes.ts checks, without zod, what the sign-in page and start-up read. Each must behave as its zod
// schema: the same values pass, and the same copy (unknown keys left out) comes out.

const GuestSettings = z.object({ settings: ThemeSettings, shortcuts: z.array(z.string()) });

type Sample = unknown;
/** A deep copy of `value` with `change` applied at `path` (`undefined` deletes the key). */
function changed(value: unknown, path: (string | number)[], change: unknown): Sample {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (change === undefined) delete at[last];
  else at[last] = change;
  return copy;
}

/** Every way of breaking one field we check: wrong type, null, missing, and a few near misses. */
const wrongValues: unknown[] = [undefined, null, 0, 1.5, -1, 10_000, '', 'x', 'light99', true, [], {}, ['admin'], [1]];

function allPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => [[...prefix, index], ...allPaths(item, [...prefix, index])]);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [[...prefix, key], ...allPaths(item, [...prefix, key])]);
  }
  return [];
}

function samplesFrom(valid: unknown): Sample[] {
  const samples: Sample[] = [valid, null, [], 'text', 42, { ...(valid as object), extra: 'dropped' }];
  for (const path of allPaths(valid)) {
    for (const wrong of wrongValues) samples.push(changed(valid, path, wrong));
    samples.push(changed(valid, path, { extra: true }));
  }
  return samples;
}

function agrees<T>(shape: Shape<T>, schema: z.ZodType, samples: Sample[]) {
  for (const sample of samples) {
    const expected = schema.safeParse(sample);
    const got = parseOrNull(shape, sample);
    expect({ sample, result: got }).toEqual({ sample, result: expected.success ? expected.data : null });
  }
}

const withBars = {
  ...defaultThemeSettings,
  layout: { style: 'horizontal', config: { mode: 'boxed', scroll: 'body', navbar: { display: false, folded: true } } },
  theme: { main: 'dark3', navbar: 'light1', toolbar: 'dark14', footer: 'light20' },
};

describe('the zod-free shapes of the sign-in page and start-up', () => {
  it('ErrorResponse: as its zod schema', () => {
    agrees(shapes.ErrorResponse, ErrorResponse, [
      ...samplesFrom({ error: 'Invalid Username or Password' }),
      ...samplesFrom({ error: 'Bad request', fields: { 'body.username': 'Enter the user name (email)' } }),
      ...samplesFrom({ error: 'This invoice is void: it takes no more payments.', code: 'sales.invoiceNotOpen', params: { status: 'void', n: 2 } }),
    ]);
  });

  it('PortalMapping: as its zod schema', () => {
    agrees(shapes.PortalMapping, PortalMapping, [
      ...samplesFrom(clearviewDowntown),
      ...samplesFrom({ ...clearviewDowntown, logo: 'iVBORw0KGgo=' }),
    ]);
  });

  it('User: as its zod schema', () => {
    const admin = { ...janeDoe, role: ['admin', 'staff'], systempref: [{ fD_SettingKey: 'k', fD_SettingValue: 'v' }] };
    const withNavigation = changed(janeDoe, ['data', 'settings', 'navigation'], [{ menuId: 201, access: false }]);
    agrees(shapes.User, User, [...samplesFrom(janeDoe), ...samplesFrom(newUser), ...samplesFrom(admin), ...samplesFrom(withNavigation)]);
    agrees(shapes.User, User, [
      changed(withNavigation, ['data', 'settings', 'navigation', 0, 'menuId'], 0),
      changed(withNavigation, ['data', 'settings', 'navigation', 0, 'menuId'], 9999),
      changed(withNavigation, ['data', 'settings', 'navigation', 0, 'menuId'], 201.5),
    ]);
  });

  it('ThemeSettings and a guest’s kept settings: as their zod schemas', () => {
    agrees(shapes.ThemeSettings, ThemeSettings, [...samplesFrom(defaultThemeSettings), ...samplesFrom(withBars)]);
    agrees(shapes.GuestSettings, GuestSettings, [
      ...samplesFrom({ settings: withBars, shortcuts: ['pointOfSale'] }),
      ...samplesFrom({ settings: defaultThemeSettings, shortcuts: [] }),
    ]);
  });
});
