// heed/fetch: the RFC 9309 access method (§2.3–2.5) on top of heed's parser.

export {
  CACHE_DEFAULTS,
  type CacheDecision,
  type CacheSettings,
  decide,
  duration,
  type FreshnessInput,
  freshness,
  parseRetryAfter,
  resolveCacheSettings,
  retentionMs,
  retryLifetime,
  revalidated,
  revalidationHeaders,
} from './cache-policy.js';
export {
  createRobotsClient,
  type ResolvedClientOptions,
  type RobotsClient,
  type RobotsClientOptions,
  resolveClientOptions,
} from './client.js';
export {
  HeedFetchError,
  type HeedFetchErrorCode,
  InvalidOptionError,
  InvalidUrlError,
  UnsupportedSchemeError,
} from './errors.js';
export {
  classifyError,
  FETCH_DEFAULTS,
  type FetchLike,
  type FetchRobotsOptions,
  fetchRobots,
  robotsRequestHeaders,
} from './fetch-robots.js';
export {
  createPoliteness,
  type Politeness,
  type PolitenessOptions,
} from './politeness.js';
export { originKey, type RobotsLocation, robotsLocation, robotsUrlFor } from './robots-url.js';
export { type MemoryStoreOptions, memoryStore } from './stores/memory.js';
export { type RedisStoreOptions, redisStore } from './stores/redis.js';
export { type SqliteStoreOptions, sqliteStore } from './stores/sqlite.js';
export type { Lease, Store } from './stores/store.js';
export type {
  AccessRecord,
  CacheLifetime,
  ClientExplanation,
  ClientReason,
  ExplanationSource,
  FailureRecord,
  FetchOutcome,
  FetchReason,
  LastError,
  LifetimeSource,
  Outcome,
  RobotsRecord,
  RobotsResult,
} from './types.js';
