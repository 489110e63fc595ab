// The reply serializer: zod's encode + JSON.stringify (the type provider's) against the JSON writer generated from
// the same schema (apps/server/src/http/response-serializer.ts). Not a test: `npm run bench:serializer`.
//
// For a few real contract replies (list pages of 20 rows, a document with lines and timeline, a recursive tree),
// builds a value from the schema itself, checks both give the same text, then times each over --rounds
// serializations (after as many to warm up) and prints µs per reply and the ratio. One process, no I/O.
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { envelopeSchema, inventoryEndpoints, memberEndpoints, roleEndpoints } from '@console/contract';
import { compileJsonWriter } from '../../apps/server/src/http/response-serializer.js';

const { values: options } = parseArgs({ options: { rounds: { type: 'string', default: '20000' } } });
const rounds = Number(options.rounds);

/** A value of the schema: 20 rows per array (two levels deep at most), every third nullable null, texts in Chinese. */
function sample(schema: z.ZodType, index: number, depth = 0): unknown {
  const def = (schema as z.core.$ZodType)._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return Object.fromEntries(Object.keys(shape).map((key) => [key, sample(shape[key]!, index, depth)]));
    }
    case 'array':
      return depth >= 2
        ? []
        : Array.from({ length: 20 }, (_, i) => sample(def.element as z.ZodType, i, depth + 1));
    case 'string':
      return `门店调拨单 ${index} 号`;
    case 'number':
      return 1000 + index;
    case 'boolean':
      return index % 2 === 0;
    case 'nullable':
      return index % 3 === 0 ? null : sample(def.innerType as z.ZodType, index, depth);
    case 'optional':
      return index % 2 === 0 ? undefined : sample(def.innerType as z.ZodType, index, depth);
    case 'enum': {
      const members = Object.values(def.entries as Record<string, unknown>);
      return members[index % members.length];
    }
    case 'literal':
      return (def.values as unknown[])[0];
    case 'lazy':
      return sample((def.getter as () => z.ZodType)(), index, depth);
    default:
      return null;
  }
}

const cases: Array<[string, z.ZodType]> = [
  ['transfer list page', inventoryEndpoints.transferList.response],
  ['stock list page', inventoryEndpoints.stockList.response],
  ['member list page', memberEndpoints.storeList.response],
  ['transfer detail', inventoryEndpoints.transferDetail.response],
  ['permission tree', roleEndpoints.menuTree.response],
];

function microsPerCall(serialize: (value: unknown) => unknown, value: unknown): number {
  for (let i = 0; i < rounds; i++) serialize(value);
  const started = performance.now();
  for (let i = 0; i < rounds; i++) serialize(value);
  return ((performance.now() - started) * 1000) / rounds;
}

console.log(
  `${cpus().length} cores, load ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}, ${rounds} rounds each`,
);
let failed = false;
for (const [name, data] of cases) {
  const schema = envelopeSchema(data);
  const value = { result: 0, data: sample(data, 1), errorMsg: null, errorCode: null };
  const viaZod = (v: unknown) => JSON.stringify(z.encode(schema, v as never));
  const write = compileJsonWriter(schema);
  const text = viaZod(value);
  if (write(value) !== text) {
    console.log(`${name}: the writer's text differs from zod's`);
    failed = true;
    continue;
  }
  const zodMicros = microsPerCall(viaZod, value);
  const writerMicros = microsPerCall(write, value);
  console.log(
    `${name.padEnd(20)} ${String(text.length).padStart(6)} bytes | zod ${zodMicros.toFixed(1).padStart(6)} µs | ` +
      `writer ${writerMicros.toFixed(1).padStart(6)} µs | ${(zodMicros / writerMicros).toFixed(2)}× faster`,
  );
}
if (failed) process.exitCode = 1;
