/**
 * Regions as people write them (issue 15 point 3): the national division table has placeholder levels nobody
 * writes — a municipality's 市辖区, a province's 省直辖县级行政区划 — so 北京市 / 市辖区 / 大兴区 reads 北京市大兴区. One
 * rule for the server's texts and the console's lists, cards, details and area pickers.
 */
const PLACEHOLDER_LEVELS = new Set(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划']);
/** Placeholders that can be cut out of a region already written as one word (never 县, part of real names). */
const EMBEDDED_PLACEHOLDERS = /市辖区|省直辖县级行政区划|自治区直辖县级行政区划/g;
const SEPARATORS = /[\s/,，>-]+/;

/** The levels of a region without its placeholder levels and without a name said twice (北京市 北京市). */
export function areaNamesAsWritten(names: readonly string[]): string[] {
  const written = names.map((name) => name.trim()).filter((name) => name && !PLACEHOLDER_LEVELS.has(name));
  return written.filter((name, index) => name !== written[index - 1]);
}

/** '北京市/市辖区/大兴区', '北京市 北京市 大兴区' or '北京市市辖区大兴区' → '北京市大兴区'. */
export function regionAsWritten(text: string | null | undefined): string {
  const parts = (text ?? '').split(SEPARATORS).filter(Boolean);
  const names = parts.length === 1 ? [parts[0]!.replace(EMBEDDED_PLACEHOLDERS, '')] : parts;
  return areaNamesAsWritten(names).join('');
}
