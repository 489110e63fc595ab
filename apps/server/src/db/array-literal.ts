/**
 * A text[] bound as one parameter (`$1::text[]`) whatever the number of values: the array's literal, each element
 * quoted (a null is NULL), so a statement's text and its prepared name do not change with the length of a list.
 */
export function textArrayLiteral(values: readonly (string | null)[]): string {
  const element = (value: string | null) =>
    value === null ? 'NULL' : `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  return `{${values.map(element).join(',')}}`;
}

/** An int[] or bigint[] bound as one parameter (`$1::int[]`). */
export function intArrayLiteral(values: readonly number[]): string {
  if (!values.every(Number.isSafeInteger)) throw new Error('intArrayLiteral takes integers only');
  return `{${values.join(',')}}`;
}
