/**
 * A small deterministic PRNG (mulberry32) for seed data: the same key always yields the same sequence, so
 * demo data is reproducible and adding one store never changes the numbers of another.
 */
export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** `count` decimal digits. */
  digits(count: number): string;
  pick<T>(items: readonly T[]): T;
};

export function randomFor(key: string): Random {
  let state = hashString(key);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    digits: (count) => Array.from({ length: count }, () => String(int(0, 9))).join(''),
    pick: <T>(items: readonly T[]): T => {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
  };
}

/** FNV-1a, 32 bits. */
function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
