import Decimal from 'decimal.js';
import { parseDecimal } from './decimal';
import type { DecimalInput } from './decimal';

interface NumeralGlyphs {
  /** 零 to 九 (or 零 to 玖); index 0 is also the joining zero. */
  digits: string;
  /** Units inside a four-digit section: ones, tens, hundreds, thousands. */
  units: readonly [string, string, string, string];
}

const LOWER: NumeralGlyphs = { digits: '零一二三四五六七八九', units: ['', '十', '百', '千'] };
const CAPITAL: NumeralGlyphs = { digits: '零壹贰叁肆伍陆柒捌玖', units: ['', '拾', '佰', '仟'] };

const TEN_THOUSAND = 10_000n;
const HUNDRED_MILLION = 100_000_000n;

/** 0 < n < 10000: zeros between digits collapse to one 零, trailing zeros vanish (1010 → 一千零一十). */
function section(n: bigint, glyphs: NumeralGlyphs): string {
  const padded = n.toString().padStart(4, '0');
  let out = '';
  let zeroPending = false;
  for (let i = 0; i < 4; i += 1) {
    const digit = Number(padded[i]);
    if (digit === 0) {
      zeroPending = out !== '';
      continue;
    }
    if (zeroPending) out += glyphs.digits[0];
    out += `${glyphs.digits[digit] ?? ''}${glyphs.units[3 - i] ?? ''}`;
    zeroPending = false;
  }
  return out;
}

/**
 * A positive integer in sections of 万 and 亿. A 零 joins a higher part to a lower one that does
 * not fill its leading place: 10010 → 一万零一十, 100001000 → 一亿零一千, 1000100000000 → 一万零一亿.
 */
function integerWords(n: bigint, glyphs: NumeralGlyphs): string {
  if (n < TEN_THOUSAND) return section(n, glyphs);
  const [base, unit] = n < HUNDRED_MILLION ? [TEN_THOUSAND, '万'] : [HUNDRED_MILLION, '亿'];
  const high = integerWords(n / base, glyphs);
  const low = n % base;
  if (low === 0n) return high + unit;
  const joiner = low * 10n < base ? glyphs.digits[0] : '';
  return `${high}${unit}${joiner}${integerWords(low, glyphs)}`;
}

/** Splits a finite value into sign, integer part and fraction digits ('-12.5' → true, 12n, '5'). */
function splitNumber(value: Decimal): { negative: boolean; integer: bigint; fraction: string } {
  const [integer = '0', fraction = ''] = value.abs().toFixed().split('.');
  return { negative: value.isNegative() && !value.isZero(), integer: BigInt(integer), fraction };
}

/**
 * Everyday Chinese numerals: 10 → 十, 105 → 一百零五, 10010 → 一万零一十, -3.14 → 负三点一四.
 * Leading 一十 is shortened to 十 (十五, 十万). Empty or non-numeric input gives ''.
 */
export function toChineseNumeral(n: DecimalInput): string {
  const value = parseDecimal(n);
  if (value === null) return '';
  const { negative, integer, fraction } = splitNumber(value);
  let words = integer === 0n ? '零' : integerWords(integer, LOWER);
  if (words.startsWith('一十')) words = words.slice(1);
  const decimals = [...fraction].map((digit) => LOWER.digits[Number(digit)] ?? '').join('');
  return `${negative ? '负' : ''}${words}${decimals ? `点${decimals}` : ''}`;
}

/** 角 and 分 for a two-digit fraction; a zero 角 before a non-zero 分 is written 零 (…元零壹分). */
function fractionWords(jiao: number, fen: number, hasYuan: boolean): string {
  const jiaoPart = jiao > 0 ? `${CAPITAL.digits[jiao] ?? ''}角` : hasYuan && fen > 0 ? CAPITAL.digits[0] : '';
  const fenPart = fen > 0 ? `${CAPITAL.digits[fen] ?? ''}分` : '';
  return jiaoPart + fenPart;
}

/**
 * The capital (financial) form of an amount in yuan, rounded half-up to the fen:
 * 1234.56 → 壹仟贰佰叁拾肆元伍角陆分, 100 → 壹佰元整, 0 → 零元整, 10000.01 → 壹万元零壹分,
 * 0.5 → 伍角, -8 → 负捌元整. Empty or non-numeric input gives ''.
 */
export function toChineseCapital(amount: DecimalInput): string {
  const value = parseDecimal(amount);
  if (value === null) return '';
  const rounded = value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  if (rounded.isZero()) return '零元整';
  const { negative, integer, fraction } = splitNumber(rounded);
  const [jiao = 0, fen = 0] = [...fraction.padEnd(2, '0')].map(Number);
  const yuan = integer === 0n ? '' : `${integerWords(integer, CAPITAL)}元`;
  const cents = fractionWords(jiao, fen, yuan !== '');
  return `${negative ? '负' : ''}${yuan}${cents === '' ? '整' : cents}`;
}
