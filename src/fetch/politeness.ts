// Waiting out an origin's Crawl-delay between requests of one agent. Crawl-delay is not part of
// RFC 9309 (§2.2.4 lets files carry other records); heed reads it from the core's crawlDelay().

import { InvalidOptionError } from './errors.js';
import { robotsLocation } from './robots-url.js';

/** Options of {@link createPoliteness}. */
export interface PolitenessOptions {
  /** Where delays come from; a {@link RobotsClient} fits. */
  client: { crawlDelay(url: string | URL, agent: string): Promise<number | undefined> };
  /**
   * Delay when the file sets no Crawl-delay for the agent (or there is no file).
   * @default 0
   */
  defaultDelayMs?: number;
  /**
   * Ceiling of any delay, so a Crawl-delay of a day cannot park a worker for a day.
   * @default Infinity
   */
  maxDelayMs?: number;
  /**
   * Clock in milliseconds.
   * @default Date.now
   */
  now?: () => number;
  /**
   * How to wait.
   * @default (ms) => new Promise((resolve) => setTimeout(resolve, ms))
   */
  sleep?: (ms: number) => Promise<void>;
}

/** Paces requests per origin and agent; see {@link createPoliteness}. */
export interface Politeness {
  /**
   * Resolves when the origin's Crawl-delay for `agent` allows the next request to `url`, and
   * books that request's slot. Resolves with the milliseconds waited.
   * @throws {InvalidUrlError | UnsupportedSchemeError} (as a rejection) when `url` is not http(s).
   */
  wait(url: string | URL, agent: string): Promise<number>;
}

/**
 * Creates a pacer: `wait(url, agent)` resolves at once for an origin's first request, then
 * Crawl-delay seconds after the previous booked request of that agent to that origin.
 * Concurrent callers queue: each books the next free slot.
 *
 * @example
 * const client = createRobotsClient({ userAgent: 'MyBot/1.0' });
 * const polite = createPoliteness({ client, maxDelayMs: 30_000 });
 * for (const url of urls) {
 *   if (!(await client.isAllowed(url, 'MyBot'))) continue;
 *   await polite.wait(url, 'MyBot');
 *   await fetch(url);
 * }
 */
export function createPoliteness(options: PolitenessOptions): Politeness {
  const defaultDelayMs = options.defaultDelayMs ?? 0;
  const maxDelayMs = options.maxDelayMs ?? Number.POSITIVE_INFINITY;
  if (!(defaultDelayMs >= 0)) {
    throw new InvalidOptionError('defaultDelayMs', defaultDelayMs, 'a number of 0 or more');
  }
  if (!(maxDelayMs >= 0))
    throw new InvalidOptionError('maxDelayMs', maxDelayMs, 'a number of 0 or more');
  const now = options.now ?? Date.now;
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  /** Next free slot per origin and agent. */
  const next = new Map<string, number>();

  return {
    async wait(url, agent) {
      const { origin } = robotsLocation(url);
      const seconds = await options.client.crawlDelay(url, agent);
      const delay = Math.min(
        seconds !== undefined && Number.isFinite(seconds) && seconds >= 0
          ? seconds * 1000
          : defaultDelayMs,
        maxDelayMs,
      );
      const key = `${origin} ${agent.toLowerCase()}`;
      const t = now();
      const slot = Math.max(t, next.get(key) ?? t);
      next.set(key, slot + delay);
      if (next.size > 10_000) {
        for (const [k, until] of next) if (until <= t) next.delete(k);
      }
      const waited = slot - t;
      if (waited > 0) await sleep(waited);
      return waited;
    },
  };
}
