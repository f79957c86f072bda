// A clock the tests move by hand, for cache and politeness decisions.

export interface FakeClock {
  now: () => number;
  advance(ms: number): void;
  set(ms: number): void;
}

export function fakeClock(start = Date.UTC(2025, 0, 1)): FakeClock {
  let t = start;
  return {
    now: () => t,
    advance(ms) {
      t += ms;
    },
    set(ms) {
      t = ms;
    },
  };
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
