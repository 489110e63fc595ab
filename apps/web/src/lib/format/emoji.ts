/** Keycaps (1️⃣ #️⃣ *️⃣): an ordinary character + optional VS16 + U+20E3, so the base must go too. */
const KEYCAP = /[0-9#*]\uFE0F?\u20E3/gu;

/**
 * Text symbols that Unicode also lists as pictographs. They are kept when written as plain text
 * (no VS16 after them) because they turn up in ordinary copy: 品牌®, 注意‼
 */
const TEXT_SYMBOLS = '©®™‼⁉';

/**
 * One emoji code point or emoji-only modifier: pictographs (except the text symbols above),
 * regional indicators (flags), skin tones, variation selectors, the keycap mark and tag
 * characters (subdivision flags such as 🏴󠁧󠁢󠁳󠁣󠁴󠁿).
 */
const EMOJI_PART = `(?:(?![${TEXT_SYMBOLS}](?!\\uFE0F))\\p{Extended_Pictographic}|\\p{Regional_Indicator}|\\p{Emoji_Modifier}|[\\uFE0E\\uFE0F\\u20E3]|[\\u{E0020}-\\u{E007F}])`;

/** A run of emoji parts together with the zero-width joiners that glue ZWJ sequences (👨‍👩‍👧). */
const EMOJI_RUN = new RegExp(`\\u200D*${EMOJI_PART}(?:${EMOJI_PART}|\\u200D)*`, 'gu');

/**
 * Removes emoji, including skin-tone, ZWJ, keycap and flag sequences, and keeps everything else:
 * Chinese (also rare ideographs outside the BMP such as 𠮷), full-width punctuation and symbols
 * like ★ ※ ℃ ￥. null or undefined gives ''.
 */
export function stripEmoji(text: string | null | undefined): string {
  if (typeof text !== 'string') return '';
  return text.replace(KEYCAP, '').replace(EMOJI_RUN, '');
}
