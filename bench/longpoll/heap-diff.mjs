// Where does the memory of held polls go? `node bench/longpoll/heap-diff.mjs before.heapsnapshot after.heapsnapshot`
// sums the self size of objects by constructor name in both snapshots and prints the biggest growth.
import { readFileSync } from 'node:fs';

function sizesByName(file) {
  const snapshot = JSON.parse(readFileSync(file, 'utf8'));
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const totals = new Map();
  const nodes = snapshot.nodes;
  for (let i = 0; i < nodes.length; i += fields.length) {
    const type = types[nodes[i + typeAt]];
    const name = type === 'object' || type === 'closure' ? snapshot.strings[nodes[i + nameAt]] : `(${type})`;
    const entry = totals.get(name) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += nodes[i + sizeAt];
    totals.set(name, entry);
  }
  return totals;
}

const [beforeFile, afterFile, perArg] = process.argv.slice(2);
const before = sizesByName(beforeFile);
const after = sizesByName(afterFile);
const per = Number(perArg ?? 1);
const rows = [...after].map(([name, a]) => {
  const b = before.get(name) ?? { count: 0, bytes: 0 };
  return { name, count: a.count - b.count, bytes: a.bytes - b.bytes };
});
rows.sort((x, y) => y.bytes - x.bytes);
const total = rows.reduce((sum, r) => sum + r.bytes, 0);
console.log(`growth ${Math.round(total / per)} bytes per held poll (${per} polls)`);
for (const row of rows.slice(0, 25))
  console.log(
    `${String(Math.round(row.bytes / per)).padStart(6)} B  ${(row.count / per).toFixed(2).padStart(6)}×  ${row.name.slice(0, 70)}`,
  );
