/**
 * A text[] bound as one parameter (`$1::text[]`) whatever the number of values: the array's literal, each element
 * quoted, so a statement's text and its prepared name do not change with the length of a list.
 */
export function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/** An int[] or bigint[] bound as one parameter (`$1::int[]`). */
export function intArrayLiteral(values: readonly number[]): string {
  if (!values.every(Number.isSafeInteger)) throw new Error('intArrayLiteral takes integers only');
  return `{${values.join(',')}}`;
}
