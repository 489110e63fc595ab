/** `text` as a literal inside a LIKE pattern: its `%`, `_` and `\` match themselves (PostgreSQL's default escape). */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
