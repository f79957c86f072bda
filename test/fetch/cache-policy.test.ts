// Freshness bounds (RFC 9309 §2.4) on the headers alone; the client tests run them against a server.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  CACHE_DEFAULTS,
  decide,
  duration,
  freshness,
  InvalidOptionError,
  parseRetryAfter,
  type RobotsRecord,
  resolveCacheSettings,
  retryLifetime,
  revalidated,
  revalidationHeaders,
} from '../../src/fetch/index.js';
import { DAY, HOUR, MINUTE } from './helpers/clock.js';

const url = 'https://example.com/robots.txt';
const lifetime = (headers: Record<string, string>, status = 200) =>
  freshness({ url, status, requestHeaders: {}, responseHeaders: headers }, CACHE_DEFAULTS).lifetime;

describe('cache lifetime of an outcome', () => {
  it('uses 24 hours when the server says nothing', () => {
    assert.deepEqual({ ...lifetime({}), why: '' }, { ttlMs: DAY, source: 'default', why: '' });
    // Last-Modified alone is no freshness statement: no heuristic lifetime.
    assert.equal(
      lifetime({ 'last-modified': new Date(Date.now() - 1000 * DAY).toUTCString() }).ttlMs,
      DAY,
    );
  });

  it('uses Cache-Control max-age within the bounds', () => {
    const l = lifetime({ 'cache-control': 'max-age=3600' });
    assert.equal(l.ttlMs, HOUR);
    assert.equal(l.source, 'max-age');
    assert.match(l.why, /max-age/);
  });

  it('counts the Age header against max-age', () => {
    assert.equal(lifetime({ 'cache-control': 'max-age=3600', age: '600' }).ttlMs, 50 * MINUTE);
  });

  it('caps max-age over 24 hours at 24 hours', () => {
    const l = lifetime({ 'cache-control': 'public, max-age=31536000' });
    assert.equal(l.ttlMs, DAY);
    assert.equal(l.source, 'capped');
  });

  it('raises max-age=0, no-cache and a past Expires to the 1 minute floor', () => {
    for (const headers of <Record<string, string>[]>[
      { 'cache-control': 'max-age=0' },
      { 'cache-control': 'no-cache' },
      { 'cache-control': 'max-age=10' },
      { pragma: 'no-cache' },
      { expires: '0' },
      { date: new Date().toUTCString(), expires: new Date(Date.now() - HOUR).toUTCString() },
    ]) {
      const l = lifetime(headers);
      assert.equal(l.ttlMs, MINUTE, JSON.stringify(headers));
      assert.equal(l.source, 'floor', JSON.stringify(headers));
    }
  });

  it('keeps a no-store answer for the floor all the same, saying so', () => {
    const l = lifetime({ 'cache-control': 'no-store' });
    assert.equal(l.ttlMs, MINUTE);
    assert.equal(l.source, 'no-store');
    assert.match(l.why, /no-store/);
  });

  it('uses Expires relative to the server Date', () => {
    const date = Date.UTC(2020, 0, 1);
    const l = lifetime({
      date: new Date(date).toUTCString(),
      expires: new Date(date + 2 * HOUR).toUTCString(),
    });
    assert.equal(l.ttlMs, 2 * HOUR);
    assert.equal(l.source, 'expires');
  });

  it('prefers max-age over Expires', () => {
    const l = lifetime({
      'cache-control': 'max-age=120',
      expires: new Date(Date.now() + 5 * HOUR).toUTCString(),
    });
    assert.equal(l.ttlMs, 2 * MINUTE);
  });

  it('reads a 4xx answer like a 2xx one (a 403 is not otherwise storable)', () => {
    assert.equal(lifetime({ 'cache-control': 'max-age=7200' }, 403).ttlMs, 2 * HOUR);
    assert.equal(lifetime({}, 404).ttlMs, DAY);
  });

  it('treats private as cacheable: the crawler is the end client', () => {
    assert.equal(lifetime({ 'cache-control': 'private, max-age=600' }).ttlMs, 10 * MINUTE);
  });

  it('honours narrower bounds from the settings', () => {
    const settings = resolveCacheSettings({ minTtlMs: 5 * MINUTE, maxTtlMs: HOUR });
    const input = { url, status: 200, requestHeaders: {}, responseHeaders: {} };
    assert.equal(freshness(input, settings).lifetime.ttlMs, HOUR);
    assert.equal(
      freshness({ ...input, responseHeaders: { 'cache-control': 'max-age=1' } }, settings).lifetime
        .ttlMs,
      5 * MINUTE,
    );
  });

  it('refuses settings past 24 hours or otherwise unusable', () => {
    assert.throws(() => resolveCacheSettings({ maxTtlMs: DAY + 1 }), InvalidOptionError);
    assert.throws(() => resolveCacheSettings({ minTtlMs: -1 }), InvalidOptionError);
    assert.throws(() => resolveCacheSettings({ minTtlMs: Number.NaN }), InvalidOptionError);
    assert.throws(
      () => resolveCacheSettings({ minTtlMs: 2 * DAY, maxTtlMs: DAY }),
      InvalidOptionError,
    );
    assert.throws(
      () => resolveCacheSettings({ retryBaseMs: 2 * HOUR, retryMaxMs: HOUR }),
      InvalidOptionError,
    );
  });
});

describe('revalidation state', () => {
  it('keeps ETag and Last-Modified for conditional requests', () => {
    const { policy } = freshness(
      {
        url,
        status: 200,
        requestHeaders: {},
        responseHeaders: { etag: '"v1"', 'last-modified': 'Wed, 01 Jan 2020 00:00:00 GMT' },
      },
      CACHE_DEFAULTS,
    );
    assert.ok(policy);
    assert.deepEqual(revalidationHeaders(policy, url, {}), {
      'if-none-match': '"v1"',
      'if-modified-since': 'Wed, 01 Jan 2020 00:00:00 GMT',
    });
    assert.deepEqual(revalidationHeaders(policy, `${url}?other`, {}), {});
  });

  it('keeps nothing without a validator, and sends none for no-store', () => {
    assert.equal(
      freshness({ url, status: 200, requestHeaders: {}, responseHeaders: {} }, CACHE_DEFAULTS)
        .policy,
      null,
    );
    const { policy } = freshness(
      {
        url,
        status: 200,
        requestHeaders: {},
        responseHeaders: { etag: '"v1"', 'cache-control': 'no-store' },
      },
      CACHE_DEFAULTS,
    );
    assert.deepEqual(policy ? revalidationHeaders(policy, url, {}) : {}, {});
  });

  it('takes the new lifetime from a 304, and flags a 304 naming another version', () => {
    const { policy } = freshness(
      {
        url,
        status: 200,
        requestHeaders: {},
        responseHeaders: { etag: '"v1"', 'cache-control': 'max-age=60' },
      },
      CACHE_DEFAULTS,
    );
    const input = (headers: Record<string, string>) => ({
      url,
      status: 304,
      requestHeaders: {},
      responseHeaders: headers,
    });
    const same = revalidated(
      policy!,
      input({ etag: '"v1"', 'cache-control': 'max-age=7200' }),
      CACHE_DEFAULTS,
    );
    assert.equal(same.modified, false);
    assert.equal(same.lifetime.ttlMs, 2 * HOUR);
    const bare = revalidated(policy!, input({}), CACHE_DEFAULTS);
    assert.equal(bare.modified, false);
    assert.equal(bare.lifetime.ttlMs, MINUTE);
    const other = revalidated(policy!, input({ etag: '"v2"' }), CACHE_DEFAULTS);
    assert.equal(other.modified, true);
  });
});

describe('retries of an unreachable origin', () => {
  it('waits 1, 2, 4 … minutes, at most an hour', () => {
    const delays = [1, 2, 3, 4, 7, 8, 50].map(
      (n) => retryLifetime(n, CACHE_DEFAULTS, undefined, 0).ttlMs,
    );
    assert.deepEqual(delays, [MINUTE, 2 * MINUTE, 4 * MINUTE, 8 * MINUTE, HOUR, HOUR, HOUR]);
  });

  it('lengthens the delay as Retry-After asks, up to 24 hours', () => {
    assert.equal(retryLifetime(1, CACHE_DEFAULTS, '600', 0).ttlMs, 10 * MINUTE);
    assert.equal(retryLifetime(1, CACHE_DEFAULTS, '10', 0).ttlMs, MINUTE);
    assert.equal(retryLifetime(1, CACHE_DEFAULTS, String(7 * 86400), 0).ttlMs, DAY);
    assert.equal(
      parseRetryAfter(new Date(Date.UTC(2020, 0, 1, 0, 5)).toUTCString(), Date.UTC(2020, 0, 1)),
      5 * MINUTE,
    );
    assert.equal(parseRetryAfter('soon', 0), undefined);
  });
});

describe('what a stored record answers', () => {
  const access = (
    fetchedAt: number,
    expiresAt: number,
    outcome: 'rules' | 'allow-all' = 'rules',
  ) => ({
    robotsUrl: url,
    finalUrl: url,
    status: outcome === 'rules' ? 200 : 404,
    outcome,
    reason: outcome === 'rules' ? ('success' as const) : ('client-error' as const),
    detail: '',
    redirects: [],
    bytes: 0,
    truncated: false,
    body: outcome === 'rules' ? '' : null,
    bodyHash: null,
    fetchedAt,
    expiresAt,
    lifetime: { ttlMs: expiresAt - fetchedAt, source: 'default' as const, why: '' },
    policy: null,
  });
  const failure = (at: number, retryAt: number) => ({
    robotsUrl: url,
    finalUrl: url,
    status: 503,
    reason: 'server-error' as const,
    detail: '',
    redirects: [],
    at,
    retryAt,
    count: 1,
    lifetime: { ttlMs: retryAt - at, source: 'retry' as const, why: '' },
  });
  const record = (
    current: ReturnType<typeof access> | null,
    fail: ReturnType<typeof failure> | null,
  ): RobotsRecord => ({
    v: 1,
    key: 'https://example.com',
    current,
    failure: fail,
  });

  it('fetches when nothing is stored or the answer expired', () => {
    assert.equal(decide(undefined, 0, CACHE_DEFAULTS).action, 'fetch');
    assert.equal(decide(record(access(0, DAY), null), DAY, CACHE_DEFAULTS).action, 'fetch');
    assert.equal(decide(record(access(0, DAY), null), DAY - 1, CACHE_DEFAULTS).action, 'use');
  });

  it('uses a good copy younger than 30 days while unreachable, and nothing older', () => {
    const young = decide(
      record(access(0, DAY), failure(29 * DAY, 29 * DAY + MINUTE)),
      29 * DAY,
      CACHE_DEFAULTS,
    );
    assert.equal(young.action === 'use' && young.stale, true);
    const old = decide(
      record(access(0, DAY), failure(30 * DAY, 30 * DAY + MINUTE)),
      30 * DAY,
      CACHE_DEFAULTS,
    );
    assert.ok(old.action === 'use' && !old.stale && old.access === null);
  });

  it('does not treat a remembered 404 as a good copy while unreachable', () => {
    const d = decide(
      record(access(0, DAY, 'allow-all'), failure(2 * DAY, 2 * DAY + MINUTE)),
      2 * DAY,
      CACHE_DEFAULTS,
    );
    assert.ok(d.action === 'use' && d.access === null && !d.stale);
  });

  it('fetches again once the retry time comes', () => {
    assert.equal(decide(record(null, failure(0, MINUTE)), MINUTE, CACHE_DEFAULTS).action, 'fetch');
  });
});

describe('duration', () => {
  it('speaks in the largest sensible units', () => {
    assert.equal(duration(30_000), '30 s');
    assert.equal(duration(15 * MINUTE), '15 min');
    assert.equal(duration(90 * MINUTE), '1 h 30 min');
    assert.equal(duration(3 * DAY), '3 d');
  });
});
