// The crawler-facing API: ask about URLs, get answers from the cache or from one fetch per origin.
// Single flight in this process (a Map of promises per origin), one fetch per origin across
// processes (the store's lease), and a bound on fetches in flight overall (a semaphore).

import { createHash } from 'node:crypto';
import { parse } from '../core/index.js';
import type { Mode, RobotsTxt } from '../core/types.js';
import {
  type CacheSettings,
  decide,
  freshness,
  resolveCacheSettings,
  retentionMs,
  retryLifetime,
  revalidated,
  revalidationHeaders,
} from './cache-policy.js';
import { InvalidOptionError } from './errors.js';
import {
  FETCH_DEFAULTS,
  type FetchLike,
  fetchRobots,
  robotsRequestHeaders,
} from './fetch-robots.js';
import { type RobotsLocation, robotsLocation } from './robots-url.js';
import { memoryStore } from './stores/memory.js';
import type { Store } from './stores/store.js';
import type {
  AccessRecord,
  ClientExplanation,
  ExplanationSource,
  FailureRecord,
  FetchOutcome,
  RobotsRecord,
  RobotsResult,
} from './types.js';

/** Options of {@link createRobotsClient}; every field is optional. */
export interface RobotsClientOptions {
  /**
   * The User-Agent header sent when fetching robots.txt.
   * @default 'heed/0.1'
   * @example 'MyBot/2.1 (+https://example.org/bot)'
   */
  userAgent?: string;
  /**
   * Which rule book the core parser decides with.
   * @default 'rfc'
   * @example 'google'
   */
  mode?: Mode;
  /**
   * The fetch implementation (WHATWG contract: manual redirects hand back the 3xx, bodies decoded).
   * @default globalThis.fetch
   * @example (url, init) => undici.fetch(url, { ...init, dispatcher: proxyAgent })
   */
  fetch?: FetchLike;
  /**
   * Clock in milliseconds since the epoch, for cache decisions.
   * @default Date.now
   * @example () => fakeTime
   */
  now?: () => number;
  /**
   * Where records are kept and how clients agree on who fetches.
   * @default memoryStore()
   * @example sqliteStore('robots.sqlite')
   */
  store?: Store;
  /**
   * Consecutive redirects followed; one more makes the file unavailable (RFC 9309 §2.3.1.2).
   * @default 5
   * @example 10
   */
  maxRedirects?: number;
  /**
   * Decoded body bytes read and parsed; the rest is not downloaded (RFC 9309 §2.5: at least 500 KiB).
   * @default 512000
   * @example 1_048_576
   */
  maxBytes?: number;
  /**
   * Bound on one access (redirects and body included); past it the origin is unreachable.
   * @default 10000
   * @example 5000
   */
  timeoutMs?: number;
  /**
   * Fetches in flight at once, over all origins; more wait their turn.
   * @default 16
   * @example 64
   */
  maxConcurrentFetches?: number;
  /**
   * Floor of a cache lifetime, so that no header causes a fetch per URL (no-store included).
   * @default 60000
   * @example 300_000
   */
  minTtlMs?: number;
  /**
   * Ceiling of a cache lifetime and the lifetime when the server says nothing; at most 24 h (RFC 9309 §2.4).
   * @default 86400000
   * @example 3_600_000
   */
  maxTtlMs?: number;
  /**
   * First retry delay after an unreachable outcome; doubles per consecutive failure.
   * @default 60000
   * @example 30_000
   */
  retryBaseMs?: number;
  /**
   * Ceiling of the retry delay (a Retry-After header may ask for more, up to `maxTtlMs`).
   * @default 3600000
   * @example 900_000
   */
  retryMaxMs?: number;
  /**
   * While unreachable, a fetched file younger than this keeps applying (`stale: true`); after it, disallow all.
   * @default 2592000000 (30 days)
   * @example 7 * 86_400_000
   */
  staleMaxAgeMs?: number;
  /**
   * How often a client waiting for another holder's fetch (store lease) looks for the result.
   * @default 50
   * @example 200
   */
  leasePollMs?: number;
  /**
   * Parsed files kept in this process (keyed by body hash), and records kept between store reads.
   * @default 1000
   * @example 10_000
   */
  parsedCacheSize?: number;
  /**
   * Called when the store fails. Store trouble never blocks an answer: a failed read counts as a miss,
   * a failed write or lease costs extra fetches at worst.
   * @default () => {}
   * @example (err) => logger.warn({ err }, 'robots store')
   */
  onStoreError?: (error: unknown) => void;
}

/** Every option of {@link RobotsClientOptions}, with its default applied. */
export interface ResolvedClientOptions extends CacheSettings {
  userAgent: string;
  mode: Mode;
  fetch: FetchLike;
  now: () => number;
  store: Store;
  maxRedirects: number;
  maxBytes: number;
  timeoutMs: number;
  maxConcurrentFetches: number;
  leasePollMs: number;
  parsedCacheSize: number;
  onStoreError: (error: unknown) => void;
}

/**
 * Resolves the options of {@link createRobotsClient}: the one place defaults live.
 *
 * @throws {InvalidOptionError} for a value the client cannot work with.
 * @example
 * resolveClientOptions({}).maxConcurrentFetches; // 16
 */
export function resolveClientOptions(options: RobotsClientOptions = {}): ResolvedClientOptions {
  const count = (name: keyof RobotsClientOptions, fallback: number, min: number): number => {
    const value = options[name];
    if (value === undefined) return fallback;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
      throw new InvalidOptionError(name, value, `a whole number of ${min} or more`);
    }
    return value;
  };
  const mode = options.mode ?? 'rfc';
  if (mode !== 'rfc' && mode !== 'google') {
    throw new InvalidOptionError('mode', mode, "'rfc' or 'google'");
  }
  const userAgent = options.userAgent ?? FETCH_DEFAULTS.userAgent;
  if (typeof userAgent !== 'string' || userAgent.trim() === '' || /[\r\n]/.test(userAgent)) {
    throw new InvalidOptionError('userAgent', userAgent, 'a non-empty, single-line string');
  }
  for (const name of ['fetch', 'now', 'onStoreError'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function') {
      throw new InvalidOptionError(name, options[name], 'a function');
    }
  }
  return {
    userAgent,
    mode,
    fetch: options.fetch ?? ((url, init) => globalThis.fetch(url, init)),
    now: options.now ?? Date.now,
    store: options.store ?? memoryStore(),
    maxRedirects: count('maxRedirects', FETCH_DEFAULTS.maxRedirects, 0),
    maxBytes: count('maxBytes', FETCH_DEFAULTS.maxBytes, 1),
    timeoutMs: count('timeoutMs', FETCH_DEFAULTS.timeoutMs, 1),
    maxConcurrentFetches: count('maxConcurrentFetches', 16, 1),
    leasePollMs: count('leasePollMs', 50, 1),
    parsedCacheSize: count('parsedCacheSize', 1000, 1),
    onStoreError: options.onStoreError ?? (() => {}),
    ...resolveCacheSettings({
      minTtlMs: options.minTtlMs,
      maxTtlMs: options.maxTtlMs,
      retryBaseMs: options.retryBaseMs,
      retryMaxMs: options.retryMaxMs,
      staleMaxAgeMs: options.staleMaxAgeMs,
    }),
  };
}

/** A robots.txt client: see {@link createRobotsClient}. */
export interface RobotsClient {
  /**
   * Whether `agent` may fetch `url`.
   * @throws {InvalidUrlError | UnsupportedSchemeError} (as a rejection) when `url` is not http(s).
   */
  isAllowed(url: string | URL, agent: string): Promise<boolean>;
  /** The decision for `url` and `agent`, with the deciding rule and where the rules came from. */
  explain(url: string | URL, agent: string): Promise<ClientExplanation>;
  /** The robots.txt answer for the origin of `url`: outcome, reason, cache times, parsed file. */
  get(url: string | URL): Promise<RobotsResult>;
  /** The origin's Crawl-delay for `agent` in seconds, when its file sets one. */
  crawlDelay(url: string | URL, agent: string): Promise<number | undefined>;
  /** Forgets the origin of `url` here and in the store, so the next call fetches. */
  invalidate(url: string | URL): Promise<void>;
  /** The options in force, defaults applied. */
  readonly options: Readonly<ResolvedClientOptions>;
}

/**
 * Creates a robots.txt client with RFC 9309 access semantics: redirects, status classes
 * (never failing open), a size cap, caching with revalidation, one fetch per origin at a time.
 *
 * @example
 * import { createRobotsClient, sqliteStore } from 'heed/fetch';
 * const client = createRobotsClient({ userAgent: 'MyBot/1.0', store: sqliteStore('robots.sqlite') });
 * if (await client.isAllowed('https://example.com/shop/cart', 'MyBot')) {
 *   // crawl it
 * }
 * const why = await client.explain('https://example.com/private', 'MyBot');
 * console.log(why.allowed, why.rule?.line, why.source.outcome, why.source.reason);
 */
export function createRobotsClient(options: RobotsClientOptions = {}): RobotsClient {
  const o = resolveClientOptions(options);
  const { store, now } = o;
  /**
   * A lease outlives one access: at most two fetches (a 304 naming another version is followed by a
   * full fetch), each bounded by timeoutMs, with room for the store writes.
   */
  const leaseMs = 2 * o.timeoutMs + 5000;
  const inflight = new Map<string, Promise<{ record: RobotsRecord; fetched: boolean }>>();
  const records = new Lru<string, RobotsRecord>(o.parsedCacheSize);
  const parsed = new Lru<string, RobotsTxt>(o.parsedCacheSize);
  const slots = new Semaphore(o.maxConcurrentFetches);
  let empty: RobotsTxt | undefined;

  const safe = async <T>(work: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      o.onStoreError(err);
      return fallback;
    }
  };

  /** The record that answers for an origin now: from this process, the store, or a fetch. */
  async function lookup(
    location: RobotsLocation,
  ): Promise<{ record: RobotsRecord; fetched: boolean }> {
    const key = location.origin;
    const known = records.get(key);
    if (known && decide(known, now(), o).action === 'use') return { record: known, fetched: false };
    let pending = inflight.get(key);
    if (!pending) {
      pending = (async () => {
        const stored = await safe(() => store.get(key), undefined);
        if (stored && decide(stored, now(), o).action === 'use')
          return { record: stored, fetched: false };
        return refresh(location, stored);
      })();
      inflight.set(key, pending);
      pending.then(
        ({ record }) => records.set(key, record),
        () => {},
      );
      pending.finally(() => inflight.delete(key)).catch(() => {});
    }
    return pending;
  }

  /** Fetches under the store lease, or waits for the holder's result. */
  async function refresh(
    location: RobotsLocation,
    seen: RobotsRecord | undefined,
  ): Promise<{ record: RobotsRecord; fetched: boolean }> {
    const key = location.origin;
    const giveUpAt = Date.now() + 2 * leaseMs;
    let previous = seen;
    for (;;) {
      const release = await slots.acquire();
      let lease: { release(): Promise<void> } | null;
      try {
        lease = await store.acquire(key, leaseMs);
      } catch (err) {
        o.onStoreError(err);
        lease = { release: async () => {} }; // no lease to be had: fetch rather than wait forever
      }
      if (!lease && Date.now() >= giveUpAt) lease = { release: async () => {} };
      if (lease) {
        try {
          // Another holder may have finished between our read and our lease.
          const latest = await safe(() => store.get(key), previous);
          if (latest && decide(latest, now(), o).action === 'use') {
            return { record: latest, fetched: false };
          }
          const record = await access(location, latest ?? previous);
          await safe(() => store.set(key, record, retentionMs(record, now(), o)), undefined);
          return { record, fetched: true };
        } finally {
          release();
          await safe(() => lease.release(), undefined);
        }
      }
      release();
      await sleep(o.leasePollMs);
      const latest = await safe(() => store.get(key), undefined);
      if (latest && decide(latest, now(), o).action === 'use')
        return { record: latest, fetched: false };
      previous = latest ?? previous;
    }
  }

  /** One access to the origin's robots.txt, folded into its record. */
  async function access(
    location: RobotsLocation,
    prior: RobotsRecord | undefined,
  ): Promise<RobotsRecord> {
    const current = prior?.current ?? null;
    const baseHeaders = robotsRequestHeaders(o.userAgent);
    const fetchOptions = {
      fetch: o.fetch,
      userAgent: o.userAgent,
      maxRedirects: o.maxRedirects,
      maxBytes: o.maxBytes,
      timeoutMs: o.timeoutMs,
      now,
    };
    let outcome: FetchOutcome;
    if (current?.policy) {
      const headers = revalidationHeaders(current.policy, current.finalUrl, baseHeaders);
      outcome = await fetchRobots(location.robotsUrl, {
        ...fetchOptions,
        conditional: Object.keys(headers).length ? { url: current.finalUrl, headers } : undefined,
      });
      if (outcome.outcome === 'not-modified') {
        const merged = revalidated(current.policy, toFreshnessInput(outcome), o);
        if (!merged.modified) {
          const t = now();
          const refreshed: AccessRecord = {
            ...current,
            status: outcome.status,
            reason: 'not-modified',
            detail: `${outcome.finalUrl} answered 304 Not Modified: the stored copy (${describeCopy(current)}) still applies`,
            redirects: outcome.redirects,
            fetchedAt: t,
            expiresAt: t + merged.lifetime.ttlMs,
            lifetime: merged.lifetime,
            policy: merged.policy,
          };
          return { v: 1, key: location.origin, current: refreshed, failure: null };
        }
        // The 304 names another version than ours: fetch it whole.
        outcome = await fetchRobots(location.robotsUrl, fetchOptions);
      }
    } else {
      outcome = await fetchRobots(location.robotsUrl, fetchOptions);
    }
    return fold(location, prior, outcome);
  }

  function fold(
    location: RobotsLocation,
    prior: RobotsRecord | undefined,
    f: FetchOutcome,
  ): RobotsRecord {
    const t = now();
    if (f.outcome === 'rules' || f.outcome === 'allow-all') {
      const { lifetime, policy } = freshness(toFreshnessInput(f), o);
      const body = f.outcome === 'rules' && f.body ? f.body : null;
      const current: AccessRecord = {
        robotsUrl: f.robotsUrl,
        finalUrl: f.finalUrl,
        status: f.status,
        outcome: f.outcome,
        reason: f.reason,
        detail: f.detail,
        redirects: f.redirects,
        bytes: f.bytes,
        truncated: f.truncated,
        body: body ? Buffer.from(body).toString('base64') : null,
        bodyHash: body ? createHash('sha256').update(body).digest('hex') : null,
        fetchedAt: t,
        expiresAt: t + lifetime.ttlMs,
        lifetime,
        policy,
      };
      return { v: 1, key: location.origin, current, failure: null };
    }
    // Unreachable (or an unexpected 304): keep the good copy, schedule a retry.
    const count = (prior?.failure?.count ?? 0) + 1;
    const lifetime = retryLifetime(count, o, f.headers['retry-after'], t);
    const failure: FailureRecord = {
      robotsUrl: f.robotsUrl,
      finalUrl: f.finalUrl,
      status: f.status,
      reason: f.reason,
      detail: f.detail,
      redirects: f.redirects,
      at: t,
      retryAt: t + lifetime.ttlMs,
      count,
      lifetime,
    };
    return { v: 1, key: location.origin, current: prior?.current ?? null, failure };
  }

  function robotsFor(access: AccessRecord): RobotsTxt | undefined {
    if (access.outcome !== 'rules' || access.body === null) return undefined;
    const id = `${o.mode}:${o.maxBytes}:${access.bodyHash}`;
    let robots = parsed.get(id);
    if (!robots) {
      robots = parse(Buffer.from(access.body, 'base64'), { mode: o.mode, maxBytes: o.maxBytes });
      parsed.set(id, robots);
    }
    return robots;
  }

  function answer(
    url: string,
    origin: string,
    record: RobotsRecord,
    fetched: boolean,
  ): RobotsResult {
    const d = decide(record, now(), o);
    // A record just made always decides "use"; one read back past its time still answers as it is.
    const accessRec = d.action === 'use' ? d.access : record.failure ? null : record.current;
    const failure = d.action === 'use' ? d.failure : record.failure;
    const stale = d.action === 'use' ? d.stale : false;
    const lastError = failure
      ? {
          status: failure.status,
          reason: failure.reason,
          detail: failure.detail,
          at: failure.at,
          retryAt: failure.retryAt,
          failures: failure.count,
        }
      : undefined;
    if (accessRec && (stale || !failure)) {
      return {
        url,
        origin,
        robotsUrl: accessRec.robotsUrl,
        status: accessRec.status,
        outcome: accessRec.outcome,
        reason: accessRec.reason,
        detail: stale
          ? `the latest fetch failed (${failure!.detail}); the copy fetched at ${iso(accessRec.fetchedAt)} applies meanwhile (RFC 9309 §2.4)`
          : accessRec.detail,
        redirects: accessRec.redirects,
        finalUrl: accessRec.finalUrl,
        bytes: accessRec.bytes,
        truncated: accessRec.truncated,
        fetchedAt: accessRec.fetchedAt,
        expiresAt: stale ? failure!.retryAt : accessRec.expiresAt,
        fromCache: !fetched,
        stale,
        lifetime: stale
          ? {
              ...failure!.lifetime,
              why: `${failure!.lifetime.why}; the stale copy applies until then`,
            }
          : accessRec.lifetime,
        ...(lastError ? { lastError } : {}),
        ...(accessRec.outcome === 'rules' ? { robots: robotsFor(accessRec) } : {}),
      };
    }
    const f = failure!;
    return {
      url,
      origin,
      robotsUrl: f.robotsUrl,
      status: f.status,
      outcome: 'disallow-all',
      reason: f.reason,
      detail: record.current
        ? `${f.detail}; no fetched copy younger than ${Math.round(o.staleMaxAgeMs / 86_400_000)} days to fall back on`
        : f.detail,
      redirects: f.redirects,
      finalUrl: f.finalUrl,
      bytes: 0,
      truncated: false,
      fetchedAt: f.at,
      expiresAt: f.retryAt,
      fromCache: !fetched,
      stale: false,
      lifetime: f.lifetime,
      lastError: lastError!,
    };
  }

  async function get(url: string | URL): Promise<RobotsResult> {
    const location = robotsLocation(url);
    const { record, fetched } = await lookup(location);
    return answer(String(url), location.origin, record, fetched);
  }

  function explainResult(
    result: RobotsResult,
    url: string | URL,
    agent: string,
  ): ClientExplanation {
    const source: ExplanationSource = {
      robotsUrl: result.robotsUrl,
      status: result.status,
      outcome: result.outcome,
      reason: result.reason,
      detail: result.detail,
      fetchedAt: result.fetchedAt,
      expiresAt: result.expiresAt,
      fromCache: result.fromCache,
      stale: result.stale,
    };
    const target = String(url);
    if (result.outcome === 'rules' && result.robots) {
      return { ...result.robots.explain(target, agent), source };
    }
    // No file decides: the core still reads the agent and path (and exempts /robots.txt itself,
    // RFC 9309 §2.2.2), then the access outcome decides.
    empty ??= parse('', { mode: o.mode });
    const base = empty.explain(target, agent);
    if (base.reason === 'robots-txt-exempt') return { ...base, source };
    const allowed = result.outcome !== 'disallow-all';
    return {
      ...base,
      allowed,
      rule: null,
      reason: allowed ? 'unavailable' : 'unreachable',
      source,
    };
  }

  return {
    get,
    async explain(url, agent) {
      return explainResult(await get(url), url, agent);
    },
    async isAllowed(url, agent) {
      const result = await get(url);
      if (result.outcome === 'rules' && result.robots)
        return result.robots.isAllowed(String(url), agent);
      return explainResult(result, url, agent).allowed;
    },
    async crawlDelay(url, agent) {
      const result = await get(url);
      return result.robots?.crawlDelay(agent);
    },
    async invalidate(url) {
      const { origin } = robotsLocation(url);
      records.delete(origin);
      await safe(() => store.delete(origin), undefined);
    },
    options: o,
  };
}

function toFreshnessInput(f: FetchOutcome) {
  return {
    url: f.finalUrl,
    status: f.status,
    requestHeaders: withoutConditions(f.requestHeaders),
    responseHeaders: f.headers,
  };
}

/** The request as the cache sees it: conditions are per attempt, not part of the resource. */
function withoutConditions(headers: Record<string, string>): Record<string, string> {
  const { 'if-none-match': _a, 'if-modified-since': _b, ...rest } = headers;
  return rest;
}

function describeCopy(access: AccessRecord): string {
  return `${access.outcome}, ${access.bytes} bytes`;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A small least-recently-used map. */
class Lru<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly max: number) {}
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }
  delete(key: K): void {
    this.map.delete(key);
  }
}

/** Counts fetches in flight; `acquire` resolves with the function that frees the slot. */
class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}
  async acquire(): Promise<() => void> {
    if (this.active >= this.limit) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    };
  }
}
