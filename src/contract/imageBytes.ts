/**
 * The uploaded pictures (a user's photo, a company's or a store's logo) travel as base64 data URLs. Their label
 * proves nothing: the first bytes must be the signature of the type they claim (an SVG, which can carry script,
 * or a renamed file is refused). One check for every upload.
 */
export const imageTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageType = (typeof imageTypes)[number];

const signatures: Record<ImageType, (bytes: number[]) => boolean> = {
  'image/png': (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  // RIFF....WEBP
  'image/webp': (b) => String.fromCharCode(...b.slice(0, 4)) === 'RIFF' && String.fromCharCode(...b.slice(8, 12)) === 'WEBP',
};

/** Whether the start of `base64` (at least 16 characters) is the signature of `type`. */
export function startsAsImage(type: ImageType, base64: string): boolean {
  const bytes = Array.from(atob(base64.slice(0, 16)), (c) => c.charCodeAt(0));
  return signatures[type](bytes);
}
