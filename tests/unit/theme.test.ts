import { describe, expect, it } from 'vitest';
import { themeNames } from '../../src/contract/settings';
import { toTokens } from '../../src/theme/palette';
import { palettes, themeOrder } from '../../src/theme/palettes';
import { loadTheme } from '../../src/theme/loadTheme';
import { themeModeOf } from '../../src/theme/themeMode';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(first: string, second: string): number {
  const luminance = (hex: string) => {
    expect(hex).toMatch(/^#[0-9a-f]{6}$/i);
    const [r, g, b] = [1, 3, 5].map((at) => {
      const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

describe('the colour themes', () => {
  it('are exactly 34: light1..light20 and dark1..dark14, each with its data', () => {
    expect(themeOrder).toHaveLength(34);
    expect(Object.keys(palettes).sort()).toEqual([...themeNames].sort());
    expect(themeOrder.filter((name) => palettes[name]?.type === 'light')).toEqual(
      Array.from({ length: 20 }, (_, i) => `light${i + 1}`),
    );
    expect(themeOrder.filter((name) => palettes[name]?.type === 'dark')).toEqual(
      Array.from({ length: 14 }, (_, i) => `dark${i + 1}`),
    );
  });

  it('have the mode start-up gives them by name (data-mode without the palettes), light for an unknown name', () => {
    for (const name of themeOrder) expect(themeModeOf(name)).toBe(palettes[name]?.type);
    expect(themeModeOf('neon')).toBe('light');
  });

  it('are each distinct (no two share primary, secondary and backgrounds)', () => {
    const looks = themeOrder.map((name) => {
      const { primary, secondary, background } = palettes[name]!;
      return [primary.main, secondary.main, background.paper, background.default].join().toUpperCase();
    });
    expect(new Set(looks).size).toBe(34);
  });

  it('light1 and dark1 keep the palettes users of the original know (shell.md)', () => {
    expect(palettes.light1).toMatchObject({
      primary: { main: '#006565' },
      secondary: { main: '#FFBE2C' },
      background: { paper: '#FFFFFF', default: '#F0F7F7' },
    });
    expect(palettes.dark12).toMatchObject({
      primary: { main: '#543847' },
      secondary: { main: '#BE717A' },
      background: { paper: '#4D4351', default: '#27141F' },
    });
  });
});

describe.each(themeNames.map((name) => [name]))('theme %s', (name) => {
  const { color } = toTokens(palettes[name]!);

  it.each(['surface', 'surfaceRaised'] as const)('text is readable on %s (at least 4.5:1)', (background) => {
    for (const foreground of ['text', 'textMuted', 'accent', 'danger'] as const) {
      expect(contrast(color[foreground], color[background]), foreground).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('text on the accent, on the secondary (active menu item) and on the primary is readable (at least 4.5:1)', () => {
    const palette = palettes[name]!;
    expect(contrast(color.accentText, color.accent), 'accent').toBeGreaterThanOrEqual(4.5);
    expect(contrast(color.selectedText, color.selected), 'secondary').toBeGreaterThanOrEqual(4.5);
    expect(contrast(palette.primary.contrast, palette.primary.main), 'primary').toBeGreaterThanOrEqual(4.5);
    expect(contrast(palette.error.contrast, palette.error.main), 'error').toBeGreaterThanOrEqual(4.5);
  });

  it.each(['surface', 'surfaceRaised'] as const)('borders and focus ring stand out on %s (at least 3:1)', (background) => {
    for (const outline of ['border', 'focusRing'] as const) {
      expect(contrast(color[outline], color[background]), outline).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('loadTheme', () => {
  it('loads a theme on demand and gives its class name; the same name gives the same class', async () => {
    const first = await loadTheme('dark3');
    expect(first).toMatch(/\S/);
    expect(await loadTheme('dark3')).toBe(first);
    expect(await loadTheme('light5')).not.toBe(first);
  });

  it('falls back to the default light17 for an unknown name', async () => {
    expect(await loadTheme('neon')).toBe(await loadTheme('light17'));
  });
});
