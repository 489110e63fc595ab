import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGE_KINDS, MESSAGE_SOUNDS } from '../packages/contract/src/im-catalogue.ts';
import { root } from './lib.mjs';
import { frameHeaderAt, readMp3Info } from './mp3-info.mjs';

const soundsDir = path.join(root, 'apps/web/public/sounds');
const MAX_BYTES = 40_000;

/** MPEG-2 layer III, no CRC, 32 kbit/s, 22.05 kHz, mono: 104-byte frames. */
const FRAME_HEADER = [0xff, 0xf3, 0x40, 0xc4];
const FRAME_BYTES = 104;

/** A synthetic stream of `count` frames; `audioBits` goes into each frame's part2_3_length. */
function syntheticMp3(count, audioBits = 0) {
  const bytes = new Uint8Array(count * FRAME_BYTES);
  for (let frame = 0; frame < count; frame += 1) {
    const at = frame * FRAME_BYTES;
    bytes.set(FRAME_HEADER, at);
    // Side info starts at byte 4: 9 bits of main_data_begin + private bit, then 12 bits of part2_3_length.
    const bits = audioBits << 11; // part2_3_length in bits 9..20 of a 24-bit big-endian window
    bytes[at + 5] = (bits >> 16) & 0xff;
    bytes[at + 6] = (bits >> 8) & 0xff;
    bytes[at + 7] = bits & 0xff;
  }
  return bytes;
}

describe('MP3 frame reader', () => {
  it('reads format and duration from the frame headers', () => {
    const info = readMp3Info(syntheticMp3(100, 300));
    expect(info).toMatchObject({ sampleRate: 22050, channels: 1, bitrateKbps: 32, frames: 100 });
    expect(info.durationSeconds).toBeCloseTo((100 * 576) / 22050, 6);
    expect(info.audibleFrames).toBe(100);
  });

  it('counts frames without audio data as silent', () => {
    expect(readMp3Info(syntheticMp3(50)).audibleFrames).toBe(0);
  });

  it('skips a leading ID3v2 tag', () => {
    const tag = [0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 5, 1, 2, 3, 4, 5];
    const bytes = new Uint8Array([...tag, ...syntheticMp3(3, 1)]);
    expect(readMp3Info(bytes).frames).toBe(3);
  });

  it('rejects data that is not MP3, a truncated stream and garbage between frames', () => {
    expect(() => readMp3Info(new TextEncoder().encode('RIFF....WAVEfmt '))).toThrow(/no MPEG layer III/);
    expect(() => readMp3Info(syntheticMp3(3).subarray(0, 2 * FRAME_BYTES + 10))).toThrow(/truncated/);
    const gap = syntheticMp3(3);
    gap[FRAME_BYTES] = 0;
    expect(() => readMp3Info(gap)).toThrow(/broken frame/);
  });

  it('does not take layer I/II or reserved headers for layer III', () => {
    expect(frameHeaderAt(new Uint8Array([0xff, 0xf5, 0x40, 0xc4]), 0)).toBeNull(); // layer II
    expect(frameHeaderAt(new Uint8Array([0xff, 0xf3, 0xf0, 0xc4]), 0)).toBeNull(); // bitrate index 15
    expect(frameHeaderAt(new Uint8Array([0xff, 0xf3, 0x4c, 0xc4]), 0)).toBeNull(); // sample rate index 3
  });
});

describe('message sounds (apps/web/public/sounds, made by scripts/make-sounds.sh)', () => {
  const files = readdirSync(soundsDir);

  it('has one file per MESSAGE_SOUNDS key and nothing else', () => {
    expect([...files].sort()).toEqual(MESSAGE_SOUNDS.map((key) => `${key}.mp3`).sort());
  });

  it('has a sound for every sound a message kind names', () => {
    const used = Object.values(MESSAGE_KINDS).flatMap((kinds) =>
      Object.values(kinds).map((kind) => kind.sound),
    );
    for (const sound of used) expect(files).toContain(`${sound}.mp3`);
  });

  it.each(MESSAGE_SOUNDS)('%s.mp3 is a small mono MP3 of 1 to 4 s with sound in it', (key) => {
    const file = path.join(soundsDir, `${key}.mp3`);
    const size = statSync(file).size;
    expect(size).toBeGreaterThan(0);
    expect(size).toBeLessThanOrEqual(MAX_BYTES);

    const info = readMp3Info(readFileSync(file));
    expect(info.channels).toBe(1);
    expect(info.sampleRate).toBeLessThanOrEqual(22050);
    expect(info.bitrateKbps).toBeLessThanOrEqual(48);
    expect(info.durationSeconds).toBeGreaterThanOrEqual(1);
    expect(info.durationSeconds).toBeLessThanOrEqual(4);
    // Chime and voice run back to back: nearly every frame carries audio.
    expect(info.audibleFrames / info.frames).toBeGreaterThan(0.8);
  });

  it('gives every key its own sound', () => {
    const digests = MESSAGE_SOUNDS.map((key) =>
      createHash('sha256')
        .update(readFileSync(path.join(soundsDir, `${key}.mp3`)))
        .digest('hex'),
    );
    expect(new Set(digests).size).toBe(MESSAGE_SOUNDS.length);
  });
});
