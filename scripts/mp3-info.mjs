// Reads an MPEG audio layer III file frame by frame, without decoding: format, duration and how many frames carry
// audio data. Enough to check the committed message sounds (scripts/make-sounds.sh) without sox at test time.

const MPEG1 = 3;
const LAYER_3 = 1;
const MONO = 3;
const BITRATES_KBPS = {
  mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/** Size of an ID3v2 tag at the start of the file (0 when there is none). */
function id3v2Size(bytes) {
  if (bytes.length < 10 || String.fromCharCode(bytes[0], bytes[1], bytes[2]) !== 'ID3') return 0;
  const syncsafe = (bytes[6] << 21) | (bytes[7] << 14) | (bytes[8] << 7) | bytes[9];
  return 10 + syncsafe + (bytes[5] & 0x10 ? 10 : 0);
}

/** The layer III frame header at `offset`, or null when there is none. */
export function frameHeaderAt(bytes, offset) {
  if (offset + 4 > bytes.length || bytes[offset] !== 0xff || (bytes[offset + 1] & 0xe0) !== 0xe0) return null;
  const version = (bytes[offset + 1] >> 3) & 3;
  const layer = (bytes[offset + 1] >> 1) & 3;
  const bitrateIndex = bytes[offset + 2] >> 4;
  const sampleRateIndex = (bytes[offset + 2] >> 2) & 3;
  if (
    version === 1 ||
    layer !== LAYER_3 ||
    bitrateIndex === 0 ||
    bitrateIndex === 15 ||
    sampleRateIndex === 3
  ) {
    return null;
  }
  const mpeg1 = version === MPEG1;
  const bitrateKbps = BITRATES_KBPS[mpeg1 ? 'mpeg1' : 'mpeg2'][bitrateIndex];
  const sampleRate = SAMPLE_RATES[version][sampleRateIndex];
  const padding = (bytes[offset + 2] >> 1) & 1;
  const channels = bytes[offset + 3] >> 6 === MONO ? 1 : 2;
  return {
    mpeg1,
    bitrateKbps,
    sampleRate,
    channels,
    hasCrc: (bytes[offset + 1] & 1) === 0,
    samples: mpeg1 ? 1152 : 576,
    length: Math.floor(((mpeg1 ? 144 : 72) * bitrateKbps * 1000) / sampleRate) + padding,
  };
}

function readBits(bytes, bitOffset, count) {
  let value = 0;
  for (let i = 0; i < count; i += 1) {
    const bit = bitOffset + i;
    value = (value << 1) | ((bytes[bit >> 3] >> (7 - (bit & 7))) & 1);
  }
  return value;
}

/**
 * Bits of Huffman-coded audio in a frame: the sum of part2_3_length over its granules and channels (side info,
 * ISO 11172-3 2.4.1.7 / ISO 13818-3). Silence encodes as 0.
 */
function audioBits(bytes, offset, header) {
  const sideInfo = (offset + 4 + (header.hasCrc ? 2 : 0)) * 8;
  const mono = header.channels === 1;
  const granules = header.mpeg1 ? 2 : 1;
  const preamble = header.mpeg1 ? (mono ? 18 : 20) : mono ? 9 : 10;
  const perChannel = header.mpeg1 ? 59 : 63;
  let bits = 0;
  for (let granule = 0; granule < granules; granule += 1) {
    for (let channel = 0; channel < header.channels; channel += 1) {
      const at = sideInfo + preamble + (granule * header.channels + channel) * perChannel;
      bits += readBits(bytes, at, 12);
    }
  }
  return bits;
}

/** A LAME "Xing"/"Info" frame describes the stream and holds no audio. */
function isInfoFrame(bytes, offset, header) {
  const sideInfoBytes = header.mpeg1 ? (header.channels === 1 ? 17 : 32) : header.channels === 1 ? 9 : 17;
  const at = offset + 4 + (header.hasCrc ? 2 : 0) + sideInfoBytes;
  const tag = String.fromCharCode(...bytes.subarray(at, at + 4));
  return tag === 'Xing' || tag === 'Info';
}

/**
 * Walks every frame of an MP3 file. Throws when the data is not a contiguous run of layer III frames of one
 * format (an ID3v2 tag before and an ID3v1 tag after are allowed).
 */
export function readMp3Info(bytes) {
  let offset = id3v2Size(bytes);
  const end = bytes.length >= 128 && String.fromCharCode(...bytes.subarray(-128, -125)) === 'TAG' ? -128 : 0;
  const dataEnd = bytes.length + end;
  const first = frameHeaderAt(bytes, offset);
  if (!first) throw new Error(`no MPEG layer III frame header at byte ${offset}`);

  let frames = 0;
  let audibleFrames = 0;
  while (offset < dataEnd) {
    const header = frameHeaderAt(bytes, offset);
    if (!header) throw new Error(`broken frame at byte ${offset} of ${bytes.length}`);
    if (header.sampleRate !== first.sampleRate || header.channels !== first.channels) {
      throw new Error(`frame at byte ${offset} changes the format`);
    }
    if (offset + header.length > dataEnd) throw new Error(`truncated frame at byte ${offset}`);
    if (!isInfoFrame(bytes, offset, header)) {
      frames += 1;
      if (audioBits(bytes, offset, header) > 0) audibleFrames += 1;
    }
    offset += header.length;
  }
  return {
    sampleRate: first.sampleRate,
    channels: first.channels,
    bitrateKbps: first.bitrateKbps,
    frames,
    audibleFrames,
    durationSeconds: (frames * first.samples) / first.sampleRate,
  };
}
