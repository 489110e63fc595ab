import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Writes a reply's JSON straight from its zod schema, with the walk of the schema done once per route.
 *
 * The type provider's serializer encodes every reply with zod (a copy of the whole answer, key by key) and then
 * stringifies the copy. The writer below checks the same things zod's encode checks in a response (each value's
 * type, required keys, enum and literal members, safe integers, null only where nullable), leaves out the keys the
 * schema does not declare exactly as zod strips them, and writes the JSON in one pass. A schema node it does not
 * know (a union, a record, a custom check, a string or array with checks) is encoded by zod and stringified, so
 * the output is zod's for every schema.
 *
 * When a value does not fit, the writer gives up and the reply goes through the type provider's serializer, which
 * raises its own error: an answer that breaks its schema fails as it always did.
 */
type Writer = (value: unknown) => string | undefined;

/** Thrown inside a writer when a value does not fit its schema; caught once per reply. */
const MISFIT = Symbol('misfit');

function misfit(): never {
  throw MISFIT;
}

const writers = new WeakMap<z.ZodType, Writer>();
/** The writers that answer `undefined` for a value zod leaves out of its copy (an optional or unknown field). */
const omits = new WeakSet<Writer>();

function omitting(writer: Writer): Writer {
  omits.add(writer);
  return writer;
}

/** The JSON of `value` by `schema`, or `undefined` when it does not fit (the caller then asks zod why). */
export function compileJsonWriter(schema: z.ZodType): (value: unknown) => string | undefined {
  const write = writerOf(schema);
  return (value) => {
    try {
      return write(value);
    } catch (error) {
      if (error === MISFIT) return undefined;
      throw error;
    }
  };
}

/** The schemas whose writer is being built: a shape that reaches itself through a getter gets a forwarder. */
const building = new Set<z.ZodType>();

function writerOf(schema: z.ZodType): Writer {
  const known = writers.get(schema);
  if (known) return known;
  if (building.has(schema)) return omitting((value) => writers.get(schema)!(value));
  building.add(schema);
  try {
    const writer = buildWriter(schema);
    writers.set(schema, writer);
    return writer;
  } finally {
    building.delete(schema);
  }
}

/** Quotes, backslashes, control characters and lone surrogates need JSON.stringify's escaping; the rest is copied. */
// eslint-disable-next-line no-control-regex -- the control characters are exactly what JSON must escape
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
const writeString: Writer = (value) =>
  typeof value !== 'string' ? misfit() : NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
const writeBoolean: Writer = (value) => (value === true ? 'true' : value === false ? 'false' : misfit());
const writeNull: Writer = (value) => (value === null ? 'null' : misfit());
const writeUnknown = omitting((value) => (value === undefined ? undefined : JSON.stringify(value)));
/** zod takes `undefined` for an unknown field but not a missing key, so its key is looked for. */
const keyed = new WeakSet<Writer>([writeUnknown]);
const writeFiniteNumber: Writer = (value) =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : misfit();
const writeSafeInteger: Writer = (value) => (Number.isSafeInteger(value) ? String(value) : misfit());

function buildWriter(schema: z.ZodType): Writer {
  const def = (schema as z.core.$ZodType)._zod.def;
  const checks = def.checks ?? [];
  switch (def.type) {
    case 'string':
      return checks.length === 0 ? writeString : zodWriter(schema);
    case 'boolean':
      return writeBoolean;
    case 'null':
      return writeNull;
    case 'unknown':
    case 'any':
      return writeUnknown;
    case 'number':
      if (checks.length === 0) return writeFiniteNumber;
      if (checks.length === 1 && isSafeIntegerCheck(checks[0]!)) return writeSafeInteger;
      return zodWriter(schema);
    case 'enum':
      return memberWriter(Object.values((def as z.core.$ZodEnumDef).entries), schema);
    case 'literal':
      return memberWriter((def as z.core.$ZodLiteralDef<z.core.util.Literal>).values, schema);
    case 'nullable': {
      const inner = writerOf((def as z.core.$ZodNullableDef).innerType as z.ZodType);
      const write: Writer = (value) => (value === null ? 'null' : inner(value));
      if (keyed.has(inner)) keyed.add(write);
      return omits.has(inner) ? omitting(write) : write;
    }
    case 'optional': {
      const inner = writerOf((def as z.core.$ZodOptionalDef).innerType as z.ZodType);
      return omitting((value) => (value === undefined ? undefined : inner(value)));
    }
    case 'lazy': {
      const getter = (def as z.core.$ZodLazyDef).getter;
      let inner: Writer | undefined;
      return omitting((value) => (inner ??= writerOf(getter() as z.ZodType))(value));
    }
    case 'array':
      return checks.length === 0
        ? arrayWriter(writerOf((def as z.core.$ZodArrayDef).element as z.ZodType))
        : zodWriter(schema);
    case 'object':
      return objectWriter(def as z.core.$ZodObjectDef, schema);
    default:
      return zodWriter(schema);
  }
}

function isSafeIntegerCheck(check: z.core.$ZodCheck): boolean {
  const checkDef = check._zod.def as { check: string; format?: string };
  return checkDef.check === 'number_format' && checkDef.format === 'safeint';
}

function memberWriter(members: readonly unknown[], schema: z.ZodType): Writer {
  if (!members.every((m) => m === null || ['string', 'number', 'boolean'].includes(typeof m)))
    return zodWriter(schema);
  const allowed = new Set(members);
  return (value) => (allowed.has(value) ? JSON.stringify(value) : misfit());
}

function arrayWriter(element: Writer): Writer {
  return (value) => {
    if (!Array.isArray(value)) misfit();
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      out += element(value[i]) ?? 'null';
    }
    return out + ']';
  };
}

/** Integer-like keys come first in a JavaScript object whatever the shape's order, so zod's copy would reorder them. */
const ARRAY_INDEX_KEY = /^(0|[1-9]\d*)$/;

function objectWriter(def: z.core.$ZodObjectDef, schema: z.ZodType): Writer {
  const keys = Object.keys(def.shape);
  if (def.catchall || keys.some((key) => ARRAY_INDEX_KEY.test(key) || key === '__proto__'))
    return zodWriter(schema);
  const writers = keys.map((key) => writerOf(def.shape[key] as z.ZodType));
  // Generated once per object schema, so that each field is a constant property load V8 caches for the shape;
  // a loop over the keys would make every load a generic lookup. While no field before could be left out, the
  // comma before a field is known here; after one that could, `n` tells at run time whether a field was written.
  let written: boolean | 'unknown' = false;
  const lines = keys.map((key, i) => {
    const name = JSON.stringify(key);
    const read = keyed.has(writers[i]!)
      ? `(${name} in v ? w[${i}](v[${name}]) : misfit())`
      : `w[${i}](v[${name}])`;
    const quoted = (comma: boolean) => JSON.stringify(`${comma ? ',' : ''}${JSON.stringify(key)}:`);
    const comma = written === 'unknown' ? `(n ? ${quoted(true)} : ${quoted(false)})` : quoted(written);
    if (!omits.has(writers[i]!)) {
      written = true;
      return `o += ${comma} + ${read}; n = true;`;
    }
    const line = `j = ${read}; if (j !== undefined) { o += ${comma} + j; n = true; }`;
    if (written === false) written = 'unknown';
    return line;
  });
  return new Function(
    'w',
    'misfit',
    `return function writeObject(v) {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) misfit();
      let o = '{';
      let n = false;
      let j;
      ${lines.join('\n')}
      return o + '}';
    };`,
  )(writers, misfit) as Writer;
}

/** The schema nodes the writer does not know: zod encodes the value, as the type provider does. */
function zodWriter(schema: z.ZodType): Writer {
  return omitting((value) => {
    const result = z.safeEncode(schema, value as never);
    return result.success ? JSON.stringify(result.data) : misfit();
  });
}

type SerializerCompiler = typeof zodSerializerCompiler;

/**
 * Fastify's serializer compiler for the zod route schemas: the JSON writer above, and zod's serializer for a reply
 * that does not fit. With `crossCheck` (the test config) every reply is also serialized by zod and the two must be
 * the same text, so the whole API suite proves the writer equal to zod.
 */
export function responseSerializerCompiler(options: { crossCheck: boolean }): SerializerCompiler {
  return (route) => {
    const viaZod = zodSerializerCompiler(route);
    const schema = route.schema as z.ZodType | { properties: z.ZodType };
    const write = compileJsonWriter(schema instanceof z.ZodType ? schema : schema.properties);
    return (data) => {
      const json = write(data);
      if (json === undefined) return viaZod(data);
      if (options.crossCheck) {
        const expected = viaZod(data);
        if (expected !== json) {
          throw new Error(
            `response writer differs from zod for ${route.method} ${route.url}: ${json} vs ${expected}`,
          );
        }
      }
      return json;
    };
  };
}
