// A small seeded PRNG (sfc32) for the reliability suite: every choice a run makes comes from its
// own seed, so a failing run is replayed exactly from the seed printed with the failure, and no
// run's choices depend on how the others interleave.

export type SeededRandom = {
  readonly seed: number;
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
};

export function seededRandom(seed: number): SeededRandom {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const raw = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // The first outputs of sfc32 still show the constant state: skip them.
  for (let i = 0; i < 15; i += 1) raw();
  const random: SeededRandom = {
    seed: seed >>> 0,
    next: raw,
    int: (min, max) => min + Math.floor(raw() * (max - min + 1)),
    chance: (probability) => raw() < probability,
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(raw() * items.length)];
      if (item === undefined) throw new RangeError('pick from an empty list');
      return item;
    },
  };
  return random;
}

/** The seed of run `index` under `base`: a hash, so neighbouring runs are unrelated. */
export function runSeed(base: number, index: number): number {
  let h = (base ^ 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ index, 0xcc9e2d51) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x1b873593) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * The base seed and the one run to replay, from the environment: `RELIABILITY_SEED` (default
 * `fallback`) and `RELIABILITY_RUN` (an index, to run that run alone).
 */
export function replayOptions(fallback: number): { base: number; only: number | null } {
  const seed = process.env.RELIABILITY_SEED;
  const run = process.env.RELIABILITY_RUN;
  const base = seed === undefined || seed === '' ? fallback : Number(seed);
  if (!Number.isInteger(base)) throw new Error(`RELIABILITY_SEED must be an integer: ${seed}`);
  const only = run === undefined || run === '' ? null : Number(run);
  if (only !== null && !Number.isInteger(only)) throw new Error(`bad RELIABILITY_RUN: ${run}`);
  return { base: base >>> 0, only };
}

/**
 * Runs `task` over `items` with at most `limit` in flight, started in index order. `lane` (0 to
 * limit − 1) tells which of the concurrent workers runs the item, so each may own resources.
 */
export async function inPool<T>(
  items: readonly T[],
  limit: number,
  task: (item: T, lane: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (lane: number) => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await task(item, lane);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, (_, lane) => worker(lane)),
  );
}
