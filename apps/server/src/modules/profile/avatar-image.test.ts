import { describe, expect, it } from 'vitest';
import { detectImageType } from './avatar-image.js';

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe('detectImageType', () => {
  it('recognises PNG, JPEG and WebP by their signatures', () => {
    expect(detectImageType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('image/png');
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(detectImageType(bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses text, other images and truncated signatures', () => {
    expect(detectImageType(bytes('hello, this is not an image'))).toBeNull();
    expect(detectImageType(bytes('GIF89a', 1, 0, 1, 0))).toBeNull();
    expect(detectImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(bytes('RIFF', 0x24, 0, 0, 0, 'WAVEfmt '))).toBeNull();
    expect(detectImageType(bytes(0x89, 'PNG'))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
});
