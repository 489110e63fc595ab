import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  AUDITED_CHANGES,
  CALLERS,
  INPUT_PATCHES,
  ROUTE_MATRIX,
  administrativeRows,
  renderMatrixMarkdown,
  row,
} from './route-matrix.js';

const DOC = fileURLToPath(new URL('../../../../docs/security/route-matrix.md', import.meta.url));

describe('the route matrix table', () => {
  it('names each route once', () => {
    const routes = ROUTE_MATRIX.map((r) => r.route);
    expect(routes.filter((route, i) => routes.indexOf(route) !== i)).toEqual([]);
  });

  it('patches inputs of routes it has', () => {
    const routes = new Set(ROUTE_MATRIX.map((r) => r.route));
    expect(Object.keys(INPUT_PATCHES).filter((route) => !routes.has(route))).toEqual([]);
  });

  it('names the audit action of every administrative change', () => {
    const unlisted = administrativeRows(ROUTE_MATRIX).filter((r) => !(r.route in AUDITED_CHANGES));
    expect(unlisted.map((r) => r.route)).toEqual([]);
    const routes = new Set(ROUTE_MATRIX.map((r) => r.route));
    expect(Object.keys(AUDITED_CHANGES).filter((route) => !routes.has(route))).toEqual([]);
  });

  it('asks the foreign store only of store routes', () => {
    const wrong = ROUTE_MATRIX.filter(
      (r) => r.rule.startsWith('store(') === (r.expected.foreignStore === '-'),
    );
    expect(wrong.map((r) => r.route)).toEqual([]);
  });

  it('refuses a row with a wrong number or kind of outcomes', () => {
    expect(() => row('GET /x', 'public', 'ok ok')).toThrow(`needs ${CALLERS.length} outcomes`);
    expect(() => row('GET /x', 'public', 'ok ok ok ok - ok 200')).toThrow('needs');
  });

  // UPDATE_ROUTE_MATRIX=1 rewrites the file after a change to the table.
  it('is what docs/security/route-matrix.md shows', () => {
    const rendered = renderMatrixMarkdown(ROUTE_MATRIX);
    if (process.env.UPDATE_ROUTE_MATRIX) writeFileSync(DOC, rendered);
    const committed = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '';
    expect(committed, 'stale: run with UPDATE_ROUTE_MATRIX=1 and commit the file').toBe(rendered);
  });
});
