// Replays a write the service made (a transaction of queries whose values depend on the document and on what the
// earlier queries answered) for another document, with the very SQL the service ran. The service's queries are
// recorded twice, for two documents A and B (recording-db.ts `withRows`); each value of each query is then
// explained as one of: the same in both (a constant), the request's own value, a value an earlier query
// answered (same query, row and column in A and in B), a text made of such values (a message naming the
// document number), or the clock. A value none of these explains stops the bench: the replay would not be the
// same SQL with the same values.

import pg from 'pg';

/** Timestamps, dates and intervals as text, as drizzle reads them (its node-postgres session does the same). */
const RAW_TYPES = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const types = {
  getTypeParser: (id, format) => (RAW_TYPES.has(id) ? (v) => v : pg.types.getTypeParser(id, format)),
};

const ISO = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}/;
const INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/g;
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Every value a query answered, by its place: `${step}:${row}:${column}`. */
function answered(steps, upTo) {
  const found = new Map();
  for (let s = 0; s < upTo; s += 1)
    (steps[s].rows ?? []).forEach((row, r) => row.forEach((v, c) => found.set(`${s}:${r}:${c}`, v)));
  return found;
}

/**
 * The plan of a replay: per step its text and, per value, how to make it. `requestA`/`requestB` are the two
 * requests' own values by name (e.g. `{ id: 41 }` and `{ id: 42 }`).
 */
export function replayPlan(a, b, requestA, requestB) {
  if (a.length !== b.length) throw new Error(`replay: ${a.length} queries for A but ${b.length} for B`);
  return a.map((stepA, s) => {
    const stepB = b[s];
    if (stepA.text !== stepB.text) throw new Error(`replay: query ${s} differs between A and B`);
    const fromA = answered(a, s);
    const fromB = answered(b, s);
    // Sources that differ between the two documents (they carry what the request changes).
    const sources = [
      ...Object.keys(requestA).map((name) => ({
        ref: { request: name },
        a: requestA[name],
        b: requestB[name],
      })),
      ...[...fromA.keys()]
        .reverse()
        .map((place) => ({ ref: { place }, a: fromA.get(place), b: fromB.get(place) })),
    ].filter((src) => src.b !== undefined);
    const values = stepA.values.map((va, p) => {
      const ref = explain(va, stepB.values[p], sources);
      if (ref) return ref;
      throw new Error(
        `replay: value ${p} of query ${s} (${stepA.text.slice(0, 60)}…) is explained by nothing: ` +
          `A ${JSON.stringify(va).slice(0, 300)}, B ${JSON.stringify(stepB.values[p]).slice(0, 300)}`,
      );
    });
    // A statement the service ran prepared (named) is replayed as the same named statement.
    return { text: stepA.text, values, ...(stepA.name ? { name: stepA.name } : {}) };
  });
}

/** How to make a value that was `va` for A and `vb` for B, or null when nothing explains it. */
function explain(va, vb, sources) {
  const direct = sources.find((src) => !same(src.a, src.b) && same(src.a, va) && same(src.b, vb));
  if (direct) return direct.ref;
  if (same(va, vb)) return { constant: va };
  if (typeof va !== 'string' || typeof vb !== 'string') return null;
  // A JSON text (a batch of rows bound as one parameter): each of its values explained in place.
  const json = jsonOf(va, vb);
  if (json) {
    const template = explainTree(json.a, json.b, sources);
    if (template) return { json: template };
  }
  const parts = sources
    .filter((src) => !same(src.a, src.b) && String(src.a).length >= 3 && va.includes(String(src.a)))
    .sort((x, y) => String(y.a).length - String(x.a).length);
  let pattern = va;
  const used = [];
  for (const src of parts)
    if (pattern.includes(String(src.a))) {
      pattern = pattern.split(String(src.a)).join(`⟦${used.length}⟧`);
      used.push(src);
    }
  // The clock inside a text: a message's JSON content carries its createdAt.
  const instantsB = vb.match(INSTANT) ?? [];
  if ((pattern.match(INSTANT) ?? []).length === instantsB.length) {
    let nth = 0;
    pattern = pattern.replace(INSTANT, () => {
      used.push({ ref: { now: true }, b: instantsB[nth++] });
      return `⟦${used.length - 1}⟧`;
    });
  }
  if (
    used.length &&
    render(
      pattern,
      used.map((src) => String(src.b)),
    ) === vb
  )
    return { pattern, parts: used.map((src) => src.ref) };
  if (ISO.test(va) && ISO.test(vb)) return { now: true };
  return null;
}

function jsonOf(va, vb) {
  if (!/^[[{]/.test(va) || !/^[[{]/.test(vb)) return null;
  try {
    return { a: JSON.parse(va), b: JSON.parse(vb) };
  } catch {
    return null;
  }
}

/** A JSON value of the same shape for A and B, its leaves explained: `{ tree }` per array/object, refs at leaves. */
function explainTree(a, b, sources) {
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    if (Array.isArray(a) !== Array.isArray(b)) return null;
    const keys = Object.keys(a);
    if (!same(keys, Object.keys(b))) return null;
    const tree = Array.isArray(a) ? [] : {};
    for (const key of keys) {
      const leaf = explainTree(a[key], b[key], sources);
      if (!leaf) return null;
      tree[key] = leaf;
    }
    return { tree };
  }
  return explain(a, b, sources);
}

const render = (pattern, parts) => pattern.replace(/⟦(\d+)⟧/g, (_, i) => parts[Number(i)]);

/** Runs a plan on one client for `request`: each query in order with its values made from what came before. */
export async function replay(client, plan, request) {
  const results = [];
  const build = (node) => {
    if (!('tree' in node)) return valueOf(node);
    const { tree } = node;
    return Array.isArray(tree)
      ? tree.map(build)
      : Object.fromEntries(Object.entries(tree).map(([k, v]) => [k, build(v)]));
  };
  const valueOf = (ref) => {
    if ('constant' in ref) return ref.constant;
    if ('json' in ref) return JSON.stringify(build(ref.json));
    if ('request' in ref) return request[ref.request];
    if ('now' in ref) return new Date().toISOString();
    if ('place' in ref) {
      const [s, r, c] = ref.place.split(':').map(Number);
      return results[s][r][c];
    }
    return render(
      ref.pattern,
      ref.parts.map((part) => String(valueOf(part))),
    );
  };
  try {
    for (const step of plan) {
      const result = await client.query({
        ...(step.name ? { name: step.name } : {}),
        text: step.text,
        values: step.values.map(valueOf),
        rowMode: 'array',
        types,
      });
      results.push(result.rows);
    }
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
  return results;
}
