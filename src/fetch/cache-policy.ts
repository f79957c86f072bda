// How long an outcome is used, and what a stored record answers at a given time (RFC 9309 §2.4).
// HTTP freshness is read by http-cache-semantics; heed only bounds it:
// - never longer than 24 hours (§2.4: "SHOULD NOT use the cached version for more than 24 hours");
// - 24 hours when the server says nothing about freshness;
// - a floor (1 minute by default), so that no header (max-age=0, no-cache, no-store, a past Expires)
//   can make a crawler fetch robots.txt once per URL. no-store obeys the floor too: the file is
//   published for crawlers, §2.4 lets them cache it, and a fetch per URL would hurt the server more;
// - 4xx outcomes are cached like 2xx ones (§2.3.1.3 makes them a stable "unavailable");
// - unreachable outcomes are retried after a short delay that doubles per consecutive failure, and
//   while a good copy (a fetched file) younger than 30 days exists its rules keep applying (§2.3.1.4).

import CachePolicy from 'http-cache-semantics';
import { InvalidOptionError } from './errors.js';
import type { AccessRecord, CacheLifetime, FailureRecord, RobotsRecord } from './types.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Bounds of the cache; every field has a default in {@link CACHE_DEFAULTS}. */
export interface CacheSettings {
  /** Floor of any lifetime, so no header causes a fetch per URL. */
  minTtlMs: number;
  /** Ceiling of any lifetime, and the lifetime when the server says nothing (at most 24 h). */
  maxTtlMs: number;
  /** First retry delay after an unreachable outcome; it doubles per consecutive failure. */
  retryBaseMs: number;
  /** Ceiling of the retry delay (a Retry-After header may ask for more, up to `maxTtlMs`). */
  retryMaxMs: number;
  /** A good copy older than this no longer applies while the origin is unreachable. */
  staleMaxAgeMs: number;
}

/**
 * The defaults: floor 1 minute, ceiling 24 hours, retries after 1, 2, 4 … minutes up to 1 hour,
 * stale copies for 30 days.
 *
 * @example
 * const settings = { ...CACHE_DEFAULTS, minTtlMs: 5 * 60_000 };
 */
export const CACHE_DEFAULTS: Readonly<CacheSettings> = Object.freeze({
  minTtlMs: MINUTE,
  maxTtlMs: DAY,
  retryBaseMs: MINUTE,
  retryMaxMs: HOUR,
  staleMaxAgeMs: 30 * DAY,
});

/**
 * Merges settings over {@link CACHE_DEFAULTS} and checks them.
 *
 * @throws {InvalidOptionError} for a negative or non-finite value, a `maxTtlMs` over 24 hours,
 *   or a floor above the ceiling.
 * @example
 * resolveCacheSettings({ maxTtlMs: 3_600_000 }); // ceiling 1 hour, the rest default
 */
export function resolveCacheSettings(partial: Partial<CacheSettings> = {}): CacheSettings {
  const settings = { ...CACHE_DEFAULTS };
  for (const name of Object.keys(CACHE_DEFAULTS) as (keyof CacheSettings)[]) {
    const value = partial[name];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new InvalidOptionError(name, value, 'a finite number of milliseconds, 0 or more');
    }
    settings[name] = value;
  }
  if (settings.maxTtlMs > DAY) {
    throw new InvalidOptionError(
      'maxTtlMs',
      settings.maxTtlMs,
      'at most 86400000 (24 h, RFC 9309 §2.4)',
    );
  }
  if (settings.minTtlMs > settings.maxTtlMs) {
    throw new InvalidOptionError(
      'minTtlMs',
      settings.minTtlMs,
      `at most maxTtlMs (${settings.maxTtlMs})`,
    );
  }
  if (settings.retryBaseMs > settings.retryMaxMs) {
    throw new InvalidOptionError(
      'retryBaseMs',
      settings.retryBaseMs,
      `at most retryMaxMs (${settings.retryMaxMs})`,
    );
  }
  return settings;
}

/** The request and response a lifetime is computed from. */
export interface FreshnessInput {
  /** The URL of the response (after redirects). */
  url: string;
  /** Its status; 4xx and redirect outcomes are evaluated as if 200 (they are cached like 2xx). */
  status: number | null;
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
}

/**
 * The lifetime of a usable outcome (2xx, 4xx, too many redirects), and the http-cache-semantics
 * state to revalidate it with later (null when it offers no validator worth keeping).
 *
 * @example
 * const { lifetime } = freshness(
 *   { url: 'https://example.com/robots.txt', status: 200, requestHeaders: {},
 *     responseHeaders: { 'cache-control': 'max-age=3600' } },
 *   CACHE_DEFAULTS,
 * );
 * // lifetime: { ttlMs: 3600000, source: 'max-age', why: 'Cache-Control max-age: 1 h' }
 */
export function freshness(
  input: FreshnessInput,
  settings: CacheSettings,
): { lifetime: CacheLifetime; policy: CachePolicy.CachePolicyObject | null } {
  const policy = new CachePolicy(
    { url: input.url, method: 'GET', headers: input.requestHeaders },
    // The access outcome is what is cached; RFC 9309 §2.4 caches 4xx like 2xx, so read every
    // response's freshness as a 200's (http-cache-semantics would refuse to store e.g. a 403).
    { status: 200, headers: input.responseHeaders },
    // A crawler is the end client: `private` responses are for it, s-maxage is not.
    { shared: false },
  );
  return { lifetime: bound(policy, input.responseHeaders, settings), policy: keepPolicy(policy) };
}

/**
 * Request headers for revalidating a stored response (If-None-Match / If-Modified-Since), or
 * an empty object when it had no validator or may not be stored.
 *
 * @example
 * revalidationHeaders(record.policy, record.finalUrl, { 'user-agent': 'mybot' });
 * // { 'if-none-match': '"abc"' }
 */
export function revalidationHeaders(
  stored: CachePolicy.CachePolicyObject,
  url: string,
  requestHeaders: Record<string, string>,
): Record<string, string> {
  const policy = CachePolicy.fromObject(stored);
  const headers = policy.revalidationHeaders({ url, method: 'GET', headers: requestHeaders });
  const out: Record<string, string> = {};
  for (const name of ['if-none-match', 'if-modified-since']) {
    const value = headers[name];
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}

/**
 * Merges a 304 into a stored response's policy: the new lifetime, the new state, and whether the
 * 304's validator contradicts the stored copy (`modified`: fetch again without conditions).
 *
 * @example
 * const r = revalidated(record.policy, input304, CACHE_DEFAULTS);
 * if (!r.modified) record.expiresAt = now + r.lifetime.ttlMs;
 */
export function revalidated(
  stored: CachePolicy.CachePolicyObject,
  input: FreshnessInput,
  settings: CacheSettings,
): { lifetime: CacheLifetime; policy: CachePolicy.CachePolicyObject | null; modified: boolean } {
  const old = CachePolicy.fromObject(stored);
  const responseHeaders = { ...input.responseHeaders };
  if (!hasValidator(responseHeaders)) {
    // A 304 without a validator answers the one conditional request we sent, whose validator
    // was the stored copy's (RFC 9111 §4.3.4 selects the single stored response then).
    const { etag, 'last-modified': lastModified } = stored.resh;
    if (typeof etag === 'string') responseHeaders.etag = etag;
    else if (typeof lastModified === 'string') responseHeaders['last-modified'] = lastModified;
  }
  const { policy, modified, matches } = old.revalidatedPolicy(
    { url: input.url, method: 'GET', headers: input.requestHeaders },
    { status: 304, headers: responseHeaders },
  );
  // A 304 whose validator names another version cannot refresh our copy.
  const contradicts = modified || !matches;
  // The merged policy carries the stored headers updated by the 304's, as RFC 9111 §4.3.4 says.
  const merged = policy.responseHeaders();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(merged)) {
    if (typeof value === 'string') headers[name] = value;
  }
  return {
    lifetime: bound(policy, headers, settings),
    policy: keepPolicy(policy),
    modified: contradicts,
  };
}

function hasValidator(headers: Record<string, string>): boolean {
  return headers.etag !== undefined || headers['last-modified'] !== undefined;
}

function keepPolicy(policy: CachePolicy): CachePolicy.CachePolicyObject | null {
  const headers = policy.responseHeaders();
  return headers.etag || headers['last-modified'] ? policy.toObject() : null;
}

/** Applies heed's bounds to what http-cache-semantics read from the headers. */
function bound(
  policy: CachePolicy,
  headers: Record<string, string>,
  settings: CacheSettings,
): CacheLifetime {
  const cc = policy.toObject().rescc ?? {};
  const floor = settings.minTtlMs;
  if (!policy.storable() || 'no-store' in cc) {
    return {
      ttlMs: floor,
      source: 'no-store',
      why: `the server forbids storing (no-store); kept for the floor of ${duration(floor)} so that robots.txt is not fetched once per URL`,
    };
  }
  const explicit =
    'max-age' in cc || 'no-cache' in cc || 's-maxage' in cc || headers.expires !== undefined;
  if (!explicit) {
    return {
      ttlMs: settings.maxTtlMs,
      source: 'default',
      why: `the server gave no Cache-Control max-age nor Expires: ${duration(settings.maxTtlMs)} (RFC 9309 §2.4)`,
    };
  }
  // Computed right after the policy was made, so only the Age header counts (the library's own clock
  // adds a millisecond or so of "resident time"; HTTP speaks in whole seconds, so round to them).
  const ttl = Math.max(0, Math.round(policy.maxAge() - policy.age())) * 1000;
  const named =
    'no-cache' in cc ? 'no-cache' : 'max-age' in cc ? 'Cache-Control max-age' : 'Expires';
  if (ttl > settings.maxTtlMs) {
    return {
      ttlMs: settings.maxTtlMs,
      source: 'capped',
      why: `${named} asks for ${duration(ttl)}; capped at ${duration(settings.maxTtlMs)} (RFC 9309 §2.4)`,
    };
  }
  if (ttl < floor) {
    return {
      ttlMs: floor,
      source: 'floor',
      why: `${named} gives ${duration(ttl)}; raised to the floor of ${duration(floor)} so that robots.txt is not fetched once per URL`,
    };
  }
  return {
    ttlMs: ttl,
    source: 'max-age' in cc ? 'max-age' : 'expires',
    why: `${named}: ${duration(ttl)}`,
  };
}

/**
 * The delay before retrying an unreachable origin: `retryBaseMs` doubled per consecutive failure,
 * at most `retryMaxMs`; a Retry-After header (429, 503) may lengthen it, up to `maxTtlMs`.
 *
 * @param failures consecutive failed fetches, 1 for the first.
 * @example
 * retryLifetime(3, CACHE_DEFAULTS, undefined, Date.now()).ttlMs; // 240000 (4 minutes)
 */
export function retryLifetime(
  failures: number,
  settings: CacheSettings,
  retryAfter: string | undefined,
  nowMs: number,
): CacheLifetime {
  const exponent = Math.min(Math.max(failures - 1, 0), 30);
  const backoff = Math.min(settings.retryBaseMs * 2 ** exponent, settings.retryMaxMs);
  const asked = retryAfter === undefined ? undefined : parseRetryAfter(retryAfter, nowMs);
  if (asked !== undefined && asked > backoff) {
    const ttlMs = Math.min(asked, settings.maxTtlMs);
    return {
      ttlMs,
      source: 'retry',
      why: `unreachable (failure ${failures}); retried after ${duration(ttlMs)}, as Retry-After asks${ttlMs < asked ? ' (capped)' : ''}`,
    };
  }
  return {
    ttlMs: backoff,
    source: 'retry',
    why: `unreachable (failure ${failures}); retried after ${duration(backoff)}, doubling per failure up to ${duration(settings.retryMaxMs)}`,
  };
}

/**
 * Reads a Retry-After value (delay-seconds or an HTTP date) as milliseconds from `nowMs`.
 *
 * @example
 * parseRetryAfter('120', 0); // 120000
 */
export function parseRetryAfter(value: string, nowMs: number): number | undefined {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

/** What a stored record answers at a given time. */
export type CacheDecision =
  /** Fetch now (nothing stored, the answer expired, or the retry time came). */
  | { action: 'fetch' }
  /** Use this fresh answer. */
  | { action: 'use'; access: AccessRecord; stale: false; failure: null }
  /** The origin is unreachable: use the good copy (`stale`) or, with none, disallow all. */
  | { action: 'use'; access: AccessRecord | null; stale: boolean; failure: FailureRecord };

/**
 * What a stored record answers at `nowMs`: its fresh answer, the retry-pending failure (with a good
 * copy younger than `staleMaxAgeMs` applying stale), or "fetch".
 *
 * @example
 * const d = decide(await store.get(origin), Date.now(), CACHE_DEFAULTS);
 * if (d.action === 'fetch') { ... }
 */
export function decide(
  record: RobotsRecord | undefined,
  nowMs: number,
  settings: CacheSettings,
): CacheDecision {
  if (!record) return { action: 'fetch' };
  const { current, failure } = record;
  if (failure) {
    if (nowMs >= failure.retryAt) return { action: 'fetch' };
    const good =
      current !== null &&
      current.outcome === 'rules' &&
      nowMs - current.fetchedAt < settings.staleMaxAgeMs;
    return { action: 'use', access: good ? current : null, stale: good, failure };
  }
  if (current && nowMs < current.expiresAt) {
    return { action: 'use', access: current, stale: false, failure: null };
  }
  return { action: 'fetch' };
}

/**
 * How long a store should keep a record: until its answer expires, its retry comes, or its good
 * copy passes the stale limit, whichever is last (at least a minute).
 *
 * @example
 * await store.set(record.key, record, retentionMs(record, Date.now(), CACHE_DEFAULTS));
 */
export function retentionMs(record: RobotsRecord, nowMs: number, settings: CacheSettings): number {
  let until = nowMs;
  if (record.current) {
    until = Math.max(until, record.current.expiresAt);
    if (record.current.outcome === 'rules') {
      until = Math.max(until, record.current.fetchedAt + settings.staleMaxAgeMs);
    }
  }
  if (record.failure) until = Math.max(until, record.failure.retryAt);
  return Math.max(until - nowMs, MINUTE);
}

/**
 * A duration in words: `90 s`, `15 min`, `2 h 30 min`, `3 d`.
 *
 * @example
 * duration(5_400_000); // '1 h 30 min'
 */
export function duration(ms: number): string {
  if (ms < MINUTE) return `${Math.round(ms / 1000)} s`;
  if (ms < HOUR) return `${Math.round(ms / MINUTE)} min`;
  if (ms < DAY) {
    const hours = Math.floor(ms / HOUR);
    const minutes = Math.round((ms - hours * HOUR) / MINUTE);
    return minutes ? `${hours} h ${minutes} min` : `${hours} h`;
  }
  const days = Math.floor(ms / DAY);
  const hours = Math.round((ms - days * DAY) / HOUR);
  return hours ? `${days} d ${hours} h` : `${days} d`;
}
