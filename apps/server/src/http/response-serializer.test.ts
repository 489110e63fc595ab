import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileJsonWriter, responseSerializerCompiler } from './response-serializer.js';

const viaZod = (schema: z.ZodType, value: unknown) => JSON.stringify(z.encode(schema, value as never));

type TreeNode = { name: string; children: TreeNode[] };
const treeNode: z.ZodType<TreeNode> = z.object({
  name: z.string(),
  children: z.array(z.lazy(() => treeNode)),
});

const getterNode = z.object({
  name: z.string(),
  get children() {
    return z.array(getterNode);
  },
});

const row = z.object({
  id: z.number().int(),
  code: z.string(),
  price: z.number(),
  active: z.boolean(),
  status: z.enum(['draft', 'sent']),
  kind: z.literal(2),
  note: z.string().nullable(),
  remark: z.string().optional(),
  extra: z.unknown(),
  tags: z.array(z.string()),
  owner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});

/** Values that fit: the writer must answer zod's text, byte for byte. */
const fitting: Array<[string, z.ZodType, unknown]> = [
  [
    'a full row, extra keys stripped',
    row,
    {
      id: 7,
      code: '调拨单"A\\1"\n',
      price: -0,
      active: false,
      status: 'sent',
      kind: 2,
      note: null,
      remark: 'x',
      extra: { when: new Date('2026-12-07T00:00:00Z'), n: [1, null] },
      tags: ['a', '\u2028', '\ud83d\ude00', '\ud800'],
      owner: { id: 1, name: '店长', secret: 'leak' },
      password: 'never written',
    },
  ],
  [
    'optional and unknown left out',
    row,
    {
      id: 1,
      code: '',
      price: 1e21,
      active: true,
      status: 'draft',
      kind: 2,
      note: 'n',
      extra: undefined,
      tags: [],
      owner: null,
    },
  ],
  ['optional first, then required', z.object({ a: z.string().optional(), b: z.string() }), { b: 'b' }],
  ['only optional fields, none given', z.object({ a: z.string().optional(), b: z.number().optional() }), {}],
  [
    'optional between required',
    z.object({ a: z.string(), b: z.string().optional(), c: z.string() }),
    { a: '1', c: '3' },
  ],
  ['undefined inside an array', z.array(z.string().optional()), ['a', undefined, 'b']],
  ['a recursive tree', treeNode, { name: 'root', children: [{ name: 'leaf', children: [] }] }],
  ['a tree through a getter', getterNode, { name: 'a', children: [{ name: 'b', children: [] }] }],
  ['a union (zod encodes it)', z.object({ v: z.union([z.string(), z.number()]) }), { v: 3 }],
  ['a record (zod encodes it)', z.object({ m: z.record(z.string(), z.number()) }), { m: { b: 2, a: 1 } }],
  ['a checked string (zod encodes it)', z.object({ s: z.string().max(3) }), { s: 'abc' }],
  ['an integer-like key (zod orders it)', z.object({ b: z.string(), 1: z.string() }), { b: 'b', 1: 'one' }],
  ['a loose object keeps unknown keys', z.looseObject({ a: z.string() }), { a: 'a', b: 1 }],
  ['a nullable optional', z.object({ a: z.string().optional().nullable(), b: z.string() }), { b: 'b' }],
];

/** Values that do not fit: the writer gives up, so zod's error is what the route raises. */
const misfits: Array<[string, z.ZodType, unknown]> = [
  ['a number for a string', z.object({ a: z.string() }), { a: 1 }],
  ['a missing required key', z.object({ a: z.string(), b: z.string() }), { a: 'a' }],
  ['a missing unknown key', z.object({ a: z.unknown() }), {}],
  ['a missing nullable unknown key', z.object({ a: z.unknown().nullable() }), {}],
  ['a fraction for an integer', z.object({ a: z.number().int() }), { a: 1.5 }],
  ['NaN for a number', z.object({ a: z.number() }), { a: Number.NaN }],
  ['null where not nullable', z.object({ a: z.string() }), { a: null }],
  ['a value outside the enum', z.object({ a: z.enum(['x', 'y']) }), { a: 'z' }],
  ['another literal', z.object({ a: z.literal(2) }), { a: 3 }],
  ['an object for an array', z.object({ a: z.array(z.string()) }), { a: {} }],
  ['an array for an object', z.object({ a: z.object({}) }), { a: [] }],
  ['a Date for a string', z.object({ a: z.string() }), { a: new Date() }],
  ['a bad union member', z.object({ v: z.union([z.string(), z.number()]) }), { v: true }],
];

describe('compileJsonWriter', () => {
  it.each(fitting)('writes zod’s JSON for %s', (_name, schema, value) => {
    expect(compileJsonWriter(schema)(value)).toBe(viaZod(schema, value));
  });

  it.each(misfits)('gives up on %s', (_name, schema, value) => {
    expect(() => viaZod(schema, value)).toThrow();
    expect(compileJsonWriter(schema)(value)).toBeUndefined();
  });
});

describe('responseSerializerCompiler', () => {
  const route = { schema: z.object({ a: z.string() }), method: 'GET', url: '/x', httpStatus: '200' };

  it('serializes a fitting reply and raises zod’s error for one that does not fit', () => {
    const serialize = responseSerializerCompiler({ crossCheck: false })(route);
    expect(serialize({ a: 'ok', b: 'dropped' })).toBe('{"a":"ok"}');
    expect(() => serialize({ a: 1 })).toThrow(/Response doesn't match the schema/);
  });

  it('with the cross-check, fails a reply whose text differs from zod’s', () => {
    // A getter answers differently on each read: the writer and zod see two values, so the texts differ.
    let reads = 0;
    const shifting = {
      get a() {
        reads += 1;
        return `read ${reads}`;
      },
    };
    expect(() => responseSerializerCompiler({ crossCheck: true })(route)(shifting)).toThrow(
      /differs from zod/,
    );
    expect(responseSerializerCompiler({ crossCheck: true })(route)({ a: 'same' })).toBe('{"a":"same"}');
  });
});
