/** `text` as a literal inside a LIKE pattern: its `%`, `_` and `\` match themselves (PostgreSQL's default escape). */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The LIKE pattern of rows containing `keyword` as typed (its `%` and `_` match themselves). */
export const likeContains = (keyword: string) => `%${likeLiteral(keyword)}%`;
