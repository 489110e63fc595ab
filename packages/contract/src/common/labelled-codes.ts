/**
 * A closed set of codes with their Chinese labels, declared once: `codes`, the codes in declaration order (for
 * `z.enum` and option lists), and `text`, the label of each (for tags, selects and exports).
 */
export function labelledCodes<const T extends Record<string, string>>(
  text: T,
): {
  codes: readonly [keyof T & string, ...(keyof T & string)[]];
  text: Readonly<Record<keyof T & string, string>>;
} {
  return { codes: Object.keys(text) as [keyof T & string, ...(keyof T & string)[]], text };
}
