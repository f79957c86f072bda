// Small timing helpers: wall-clock nanoseconds, medians of rounds, formatting.

/** Nanoseconds `fn` takes, once. */
export function time(fn: () => void): number {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The median over `rounds` runs of `fn` (after one warm-up run), in nanoseconds. */
export function medianOf(rounds: number, fn: () => void): number {
  return medianOfEach(rounds, { fn }).fn;
}

/**
 * {@link medianOf} for several contenders at once, their rounds interleaved (in an order that
 * rotates): a stretch of time when the machine runs slow then costs every contender alike, so
 * their ratios hold, where rounds run one contender after another would charge it to one.
 */
export function medianOfEach<K extends string>(
  rounds: number,
  fns: Record<K, () => void>,
): Record<K, number> {
  const keys = Object.keys(fns) as K[];
  for (const key of keys) fns[key]();
  const times = Object.fromEntries(keys.map((key) => [key, [] as number[]])) as Record<K, number[]>;
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < keys.length; k++) {
      const key = keys[(k + r) % keys.length];
      times[key].push(time(fns[key]));
    }
  }
  return Object.fromEntries(keys.map((key) => [key, median(times[key])])) as Record<K, number>;
}

/**
 * Nanoseconds per call of `fn`: calls are batched so one batch lasts at least `minBatchNs`,
 * and the median batch of `rounds` is reported. For single decisions too short for the clock.
 */
export function perCall(fn: () => void, rounds = 5, minBatchNs = 200_000, maxReps = 2_000): number {
  const first = time(fn);
  const reps = Math.max(1, Math.min(maxReps, Math.ceil(minBatchNs / Math.max(first, 1))));
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    times.push(
      time(() => {
        for (let k = 0; k < reps; k++) fn();
      }) / reps,
    );
  }
  return median(times);
}

/** A duration in the unit that reads best. */
export function formatNs(ns: number): string {
  if (!Number.isFinite(ns)) return 'n/a';
  if (ns < 1_000) return `${ns.toFixed(0)} ns`;
  if (ns < 1_000_000) return `${(ns / 1_000).toFixed(ns < 10_000 ? 2 : 1)} \u00b5s`;
  if (ns < 1e9) return `${(ns / 1e6).toFixed(ns < 1e7 ? 2 : 1)} ms`;
  return `${(ns / 1e9).toFixed(2)} s`;
}

export function formatRatio(x: number): string {
  if (!Number.isFinite(x)) return 'n/a';
  return `${x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2)}\u00d7`;
}
