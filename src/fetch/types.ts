// The shapes heed/fetch passes around: one fetch's outcome, the cache lifetime chosen for it,
// the serializable record a Store keeps, and the answer a client gives.
// Kept apart from the code so the stores, the client and the CLI renderer share them.

import type CachePolicy from 'http-cache-semantics';
import type { Explanation, RobotsTxt } from '../core/types.js';

/**
 * What the crawler may do with the origin, per RFC 9309 §2.3.1:
 * - `rules`: a file was fetched (2xx) and its rules decide;
 * - `allow-all`: the file is unavailable (4xx other than 429, or too many redirects): anything may be crawled;
 * - `disallow-all`: the file is unreachable (5xx, 429, network trouble, timeout): nothing may be crawled.
 *
 * @example
 * const { outcome } = await client.get(url);
 * if (outcome === 'disallow-all') queue.postpone(url);
 */
export type Outcome = 'rules' | 'allow-all' | 'disallow-all';

/**
 * Why a fetch came out as it did, as a stable code. The `detail` string next to it says it in words.
 *
 * | code | outcome |
 * | --- | --- |
 * | `success` | rules (2xx) |
 * | `not-modified` | the stored copy's outcome (304 to a conditional request) |
 * | `client-error` | allow-all (4xx except 429) |
 * | `too-many-redirects`, `redirect-loop` | allow-all |
 * | everything else | disallow-all |
 *
 * @example
 * const r = await client.get(url);
 * if (r.reason === 'too-many-requests') slowDown(r.origin);
 */
export type FetchReason =
  | 'success'
  | 'not-modified'
  | 'client-error'
  | 'too-many-redirects'
  | 'redirect-loop'
  | 'too-many-requests'
  | 'server-error'
  | 'bad-redirect'
  | 'unexpected-status'
  | 'timeout'
  | 'dns-error'
  | 'tls-error'
  | 'connection-refused'
  | 'connection-reset'
  | 'network-error'
  | 'decode-error';

/**
 * The result of one access to a robots.txt URL: {@link fetchRobots} never throws for network trouble.
 *
 * @example
 * const f = await fetchRobots('https://example.com/robots.txt');
 * console.log(f.status, f.outcome, f.reason, f.redirects, f.bytes, f.truncated);
 */
export interface FetchOutcome {
  /** The URL first requested. */
  robotsUrl: string;
  /** The URL of the last request made (after redirects). */
  finalUrl: string;
  /** Status of the last response, or null when no response came. */
  status: number | null;
  /** `not-modified`: a 304 answered a conditional request; the caller's stored copy still holds. */
  outcome: Outcome | 'not-modified';
  reason: FetchReason;
  /** The reason in words, naming the URL, status or error involved. */
  detail: string;
  /** Each redirect target followed, absolute, in order. */
  redirects: string[];
  /** The (decoded) body bytes read, at most `maxBytes`; null unless the outcome is `rules`. */
  body: Uint8Array | null;
  /** Decoded body bytes read. */
  bytes: number;
  /** True when the body was longer than `maxBytes` and the rest was not downloaded. */
  truncated: boolean;
  /** Headers of the last response, names lower-cased (empty when none came). */
  headers: Record<string, string>;
  /** Headers sent with the last request, names lower-cased. */
  requestHeaders: Record<string, string>;
  /** When the fetch started (ms since the epoch, from the injected clock). */
  fetchedAt: number;
}

/** Where a cache lifetime came from. */
export type LifetimeSource =
  | 'max-age' // Cache-Control max-age, within the bounds
  | 'expires' // Expires, within the bounds
  | 'default' // the server said nothing: 24 hours (RFC 9309 §2.4)
  | 'capped' // the server asked for more than 24 hours
  | 'floor' // the server asked for less than the floor (max-age=0, no-cache, past Expires)
  | 'no-store' // no-store: kept for the floor all the same
  | 'retry'; // an unreachable outcome: retried after a growing delay

/**
 * The cache lifetime chosen for an outcome, and why.
 *
 * @example
 * const { lifetime } = await client.get(url);
 * console.log(`${lifetime.ttlMs} ms (${lifetime.source}): ${lifetime.why}`);
 */
export interface CacheLifetime {
  ttlMs: number;
  source: LifetimeSource;
  /** One sentence a person can read. */
  why: string;
}

/** One access that gave a usable answer (2xx, 4xx, too many redirects), as stored. */
export interface AccessRecord {
  robotsUrl: string;
  finalUrl: string;
  status: number | null;
  /** `rules` or `allow-all`: unreachable outcomes are kept in {@link FailureRecord}. */
  outcome: Outcome;
  reason: FetchReason;
  detail: string;
  redirects: string[];
  bytes: number;
  truncated: boolean;
  /** The body bytes read, base64; null unless the outcome is `rules`. A restart re-parses them. */
  body: string | null;
  /** SHA-256 of the body bytes (hex), so parsed copies can be shared; null without a body. */
  bodyHash: string | null;
  /** When this answer was obtained or last confirmed by a 304. */
  fetchedAt: number;
  expiresAt: number;
  lifetime: CacheLifetime;
  /** http-cache-semantics state, for conditional requests (ETag / Last-Modified); null if none apply. */
  policy: CachePolicy.CachePolicyObject | null;
}

/** The latest unreachable outcome(s) of an origin, as stored. */
export interface FailureRecord {
  robotsUrl: string;
  finalUrl: string;
  status: number | null;
  reason: FetchReason;
  detail: string;
  redirects: string[];
  /** When the failed fetch started. */
  at: number;
  /** When the next fetch may be made. */
  retryAt: number;
  /** Consecutive failed fetches, 1 for the first. */
  count: number;
  lifetime: CacheLifetime;
}

/**
 * What a {@link Store} keeps per origin: plain JSON, never a parsed object.
 *
 * @example
 * const record = await store.get('https://example.com');
 * record?.current?.outcome; // 'rules'
 */
export interface RobotsRecord {
  v: 1;
  /** The origin key. */
  key: string;
  /** The latest usable answer (kept while the origin is unreachable, for stale use). */
  current: AccessRecord | null;
  /** Set while the latest fetch was unreachable; cleared by the next usable answer. */
  failure: FailureRecord | null;
}

/** The failed fetch behind a stale answer or a disallow-all. */
export interface LastError {
  status: number | null;
  reason: FetchReason;
  detail: string;
  at: number;
  retryAt: number;
  /** Consecutive failed fetches. */
  failures: number;
}

/**
 * The answer of {@link RobotsClient.get}.
 *
 * @example
 * const r = await client.get('https://example.com/page');
 * console.log(r.robotsUrl, r.status, r.outcome, r.reason, new Date(r.expiresAt));
 * r.robots?.sitemaps; // the file's Sitemap URLs, when it decides
 */
export interface RobotsResult {
  /** The URL asked about. */
  url: string;
  /** The origin key the answer is cached under. */
  origin: string;
  robotsUrl: string;
  /** Status of the response the answer comes from, or null when none came. */
  status: number | null;
  outcome: Outcome;
  reason: FetchReason;
  detail: string;
  /** Redirect targets followed, in order. */
  redirects: string[];
  finalUrl: string;
  bytes: number;
  truncated: boolean;
  /** When the answer was obtained (ms since the epoch). */
  fetchedAt: number;
  /** Until when it is used without a new fetch. */
  expiresAt: number;
  /**
   * False when the answer comes from a fetch this client made for this call (or a concurrent call
   * that shared it); true when it came from the cache or another client's fetch.
   */
  fromCache: boolean;
  /** True when the origin is unreachable and an older good copy's rules apply (RFC 9309 §2.4). */
  stale: boolean;
  /** The cache lifetime chosen, and why. */
  lifetime: CacheLifetime;
  /** Set when the latest fetch failed (with `stale: true`, or with outcome `disallow-all`). */
  lastError?: LastError;
  /** The parsed file, when the outcome is `rules`. */
  robots?: RobotsTxt;
}

/** Why a client decision came out as it did: the core's reasons, plus the two access outcomes. */
export type ClientReason = Explanation['reason'] | 'unavailable' | 'unreachable';

/** Where the rules of a client decision come from. */
export interface ExplanationSource {
  robotsUrl: string;
  status: number | null;
  outcome: Outcome;
  reason: FetchReason;
  detail: string;
  fetchedAt: number;
  expiresAt: number;
  fromCache: boolean;
  stale: boolean;
}

/**
 * The answer of {@link RobotsClient.explain}: the core explanation plus its source.
 *
 * @example
 * const e = await client.explain('https://example.com/private', 'MyBot');
 * console.log(e.allowed, e.reason, e.rule?.line, e.source.robotsUrl, e.source.stale);
 */
export interface ClientExplanation extends Omit<Explanation, 'reason'> {
  /** `unavailable`: allow-all because the file is unavailable; `unreachable`: disallow-all. */
  reason: ClientReason;
  source: ExplanationSource;
}
