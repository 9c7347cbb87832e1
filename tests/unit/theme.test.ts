import { describe, expect, it } from 'vitest';
import type { ThemeColors } from '../../src/theme/contract.css';
import { light17 } from '../../src/theme/themes/light17';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(first: string, second: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

describe.each([['light17', light17]])('theme %s', (_, theme: ThemeColors) => {
  it.each(['surface', 'surfaceRaised'] as const)('text is readable on %s (at least 4.5:1)', (background) => {
    for (const foreground of ['text', 'textMuted', 'accent', 'danger'] as const) {
      expect(contrast(theme[foreground], theme[background]), foreground).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('accent text is readable on the accent (at least 4.5:1)', () => {
    expect(contrast(theme.accentText, theme.accent)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['surface', 'surfaceRaised'] as const)('borders and focus ring stand out on %s (at least 3:1)', (background) => {
    for (const outline of ['border', 'focusRing'] as const) {
      expect(contrast(theme[outline], theme[background]), outline).toBeGreaterThanOrEqual(3);
    }
  });
});
