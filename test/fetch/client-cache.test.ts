// The client's cache against a real server, with a clock moved by hand (RFC 9309 §2.4).

import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { createRobotsClient, type RobotsClient } from '../../src/fetch/index.js';
import { DAY, type FakeClock, fakeClock, HOUR, MINUTE } from './helpers/clock.js';
import { DISALLOW_PRIVATE, robotsHandler, startServer, type TestServer } from './helpers/http.js';

describe('client cache lifetimes', () => {
  let server: TestServer;
  let clock: FakeClock;
  let client: RobotsClient;
  let page: string;
  beforeEach(async () => {
    server = await startServer();
    clock = fakeClock();
    client = createRobotsClient({ now: clock.now, timeoutMs: 2000 });
    page = `${server.origin}/private/page`;
  });
  afterEach(() => server.close());

  /** Fetches of robots.txt so far. */
  const fetches = () => server.count('/robots.txt');

  it('keeps an answer 24 hours when the server says nothing, then fetches again', async () => {
    server.handle(robotsHandler(DISALLOW_PRIVATE));
    const first = await client.get(page);
    assert.equal(first.fromCache, false);
    assert.equal(first.expiresAt - first.fetchedAt, DAY);
    assert.equal(first.lifetime.source, 'default');
    clock.advance(DAY - 1);
    const cached = await client.get(page);
    assert.equal(cached.fromCache, true);
    assert.equal(fetches(), 1);
    clock.advance(1);
    assert.equal((await client.get(page)).fromCache, false);
    assert.equal(fetches(), 2);
  });

  it('follows Cache-Control max-age', async () => {
    server.handle(robotsHandler(DISALLOW_PRIVATE, { 'cache-control': 'max-age=600' }));
    await client.isAllowed(page, 'bot');
    clock.advance(10 * MINUTE - 1);
    await client.isAllowed(page, 'bot');
    assert.equal(fetches(), 1);
    clock.advance(1);
    await client.isAllowed(page, 'bot');
    assert.equal(fetches(), 2);
  });

  it('caps a max-age over 24 hours at 24 hours', async () => {
    server.handle(robotsHandler(DISALLOW_PRIVATE, { 'cache-control': 'max-age=604800' }));
    const r = await client.get(page);
    assert.equal(r.expiresAt - r.fetchedAt, DAY);
    assert.equal(r.lifetime.source, 'capped');
    clock.advance(DAY);
    await client.get(page);
    assert.equal(fetches(), 2);
  });

  it('keeps a no-store answer for the 1 minute floor, not one fetch per URL', async () => {
    server.handle(robotsHandler(DISALLOW_PRIVATE, { 'cache-control': 'no-store' }));
    for (let i = 0; i < 20; i++) await client.isAllowed(`${server.origin}/p${i}`, 'bot');
    assert.equal(fetches(), 1);
    const r = await client.get(page);
    assert.equal(r.lifetime.source, 'no-store');
    assert.equal(r.expiresAt - r.fetchedAt, MINUTE);
    clock.advance(MINUTE);
    await client.isAllowed(page, 'bot');
    assert.equal(fetches(), 2);
  });

  it('follows Expires', async () => {
    server.handle((_req, res) => {
      const date = Date.now();
      res.writeHead(200, {
        date: new Date(date).toUTCString(),
        expires: new Date(date + 2 * HOUR).toUTCString(),
      });
      res.end(DISALLOW_PRIVATE);
    });
    const r = await client.get(page);
    assert.equal(r.lifetime.source, 'expires');
    // HTTP dates have whole seconds; the server's second may tick between Date and Expires.
    assert.ok(
      Math.abs(r.expiresAt - r.fetchedAt - 2 * HOUR) <= 1000,
      String(r.expiresAt - r.fetchedAt),
    );
  });

  it('caches a 404 like a 200', async () => {
    server.handle(robotsHandler('not found', { 'cache-control': 'max-age=3600' }, 404));
    const r = await client.get(page);
    assert.equal(r.outcome, 'allow-all');
    assert.equal(r.expiresAt - r.fetchedAt, HOUR);
    clock.advance(HOUR - 1);
    assert.equal(await client.isAllowed(page, 'bot'), true);
    assert.equal(fetches(), 1);
  });

  it('revalidates with ETag: a 304 refreshes the stored copy without a body', async () => {
    let bodies = 0;
    server.handle((req, res) => {
      if (req.headers['if-none-match'] === '"v1"') {
        res.writeHead(304, { etag: '"v1"', 'cache-control': 'max-age=120' });
        res.end();
        return;
      }
      bodies++;
      // Vary on a request header heed sends: revalidation must send the same one.
      res.writeHead(200, { etag: '"v1"', 'cache-control': 'max-age=60', vary: 'Accept-Encoding' });
      res.end(DISALLOW_PRIVATE);
    });
    assert.equal(await client.isAllowed(page, 'bot'), false);
    clock.advance(MINUTE);
    const r = await client.get(page);
    assert.equal(server.requests.at(-1)!.headers['if-none-match'], '"v1"');
    assert.equal(bodies, 1);
    assert.equal(r.status, 304);
    assert.equal(r.reason, 'not-modified');
    assert.equal(r.outcome, 'rules');
    assert.equal(r.fromCache, false);
    assert.equal(r.fetchedAt, clock.now());
    assert.equal(r.expiresAt - r.fetchedAt, 2 * MINUTE, 'the 304 headers give the new lifetime');
    assert.equal(r.bytes, DISALLOW_PRIVATE.length);
    assert.equal(await client.isAllowed(page, 'bot'), false, 'the stored rules still apply');
    clock.advance(2 * MINUTE);
    await client.get(page);
    assert.equal(fetches(), 3);
    assert.equal(bodies, 1);
  });

  it('revalidates with Last-Modified when there is no ETag', async () => {
    const lastModified = 'Wed, 01 Jan 2020 00:00:00 GMT';
    server.handle((req, res) => {
      if (req.headers['if-modified-since'] === lastModified) {
        res.writeHead(304);
        res.end();
        return;
      }
      res.writeHead(200, { 'last-modified': lastModified });
      res.end(DISALLOW_PRIVATE);
    });
    await client.get(page);
    clock.advance(DAY);
    const r = await client.get(page);
    assert.equal(r.reason, 'not-modified');
    assert.equal(r.expiresAt - r.fetchedAt, DAY);
    assert.equal(await client.isAllowed(page, 'bot'), false);
  });

  it('takes the new file when the server answers a conditional request with 200', async () => {
    let version = 1;
    server.handle((req, res) => {
      const etag = `"v${version}"`;
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, { etag });
        res.end();
        return;
      }
      res.writeHead(200, { etag, 'cache-control': 'max-age=60' });
      res.end(version === 1 ? DISALLOW_PRIVATE : 'User-agent: *\nDisallow: /other\n');
    });
    assert.equal(await client.isAllowed(page, 'bot'), false);
    version = 2;
    clock.advance(MINUTE);
    assert.equal(await client.isAllowed(page, 'bot'), true);
    assert.equal(server.requests.at(-1)!.headers['if-none-match'], '"v1"');
  });

  it('fetches the whole file again when a 304 names another version', async () => {
    let conditional = 0;
    server.handle((req, res) => {
      if (req.headers['if-none-match']) {
        conditional++;
        res.writeHead(304, { etag: '"other"' });
        res.end();
        return;
      }
      res.writeHead(200, { etag: '"v1"', 'cache-control': 'max-age=60' });
      res.end(DISALLOW_PRIVATE);
    });
    await client.get(page);
    clock.advance(MINUTE);
    const r = await client.get(page);
    assert.equal(conditional, 1);
    assert.equal(r.reason, 'success');
    assert.equal(r.status, 200);
    assert.equal(fetches(), 3);
  });
});

describe('client while the origin is unreachable', () => {
  let server: TestServer;
  let clock: FakeClock;
  let client: RobotsClient;
  let page: string;
  beforeEach(async () => {
    server = await startServer();
    clock = fakeClock();
    client = createRobotsClient({ now: clock.now, timeoutMs: 300 });
    page = `${server.origin}/private/page`;
  });
  afterEach(() => server.close());

  const fetches = () => server.count('/robots.txt');

  it('disallows all with no copy, and retries after 1, 2, 4 minutes', async () => {
    server.handle(robotsHandler('', {}, 503));
    const first = await client.get(`${server.origin}/public`);
    assert.equal(first.outcome, 'disallow-all');
    assert.equal(first.reason, 'server-error');
    assert.equal(first.lastError?.failures, 1);
    assert.equal(first.expiresAt - first.fetchedAt, MINUTE);
    assert.equal(await client.isAllowed(`${server.origin}/public`, 'bot'), false);
    assert.equal(
      await client.isAllowed(`${server.origin}/robots.txt`, 'bot'),
      true,
      '/robots.txt is always allowed',
    );
    assert.equal(fetches(), 1);
    clock.advance(MINUTE);
    const second = await client.get(page);
    assert.equal(fetches(), 2);
    assert.equal(second.lastError?.failures, 2);
    assert.equal(second.expiresAt - second.fetchedAt, 2 * MINUTE);
    clock.advance(2 * MINUTE - 1);
    await client.get(page);
    assert.equal(fetches(), 2);
    clock.advance(1);
    const third = await client.get(page);
    assert.equal(third.expiresAt - third.fetchedAt, 4 * MINUTE);
    assert.equal(fetches(), 3);
  });

  it('keeps applying a good copy younger than 30 days, marked stale', async () => {
    server.handle(robotsHandler(DISALLOW_PRIVATE, { 'cache-control': 'max-age=3600' }));
    assert.equal(await client.isAllowed(page, 'bot'), false);
    server.handle(robotsHandler('', {}, 500));
    clock.advance(HOUR);
    const r = await client.get(page);
    assert.equal(fetches(), 2);
    assert.equal(r.outcome, 'rules');
    assert.equal(r.stale, true);
    assert.equal(r.status, 200);
    assert.equal(r.lastError?.reason, 'server-error');
    assert.equal(r.lastError?.status, 500);
    assert.equal(r.expiresAt, clock.now() + MINUTE, 'retried after the backoff');
    assert.equal(await client.isAllowed(page, 'bot'), false, 'the stale rules disallow /private');
    assert.equal(
      await client.isAllowed(`${server.origin}/public`, 'bot'),
      true,
      'and allow the rest',
    );
    const why = await client.explain(page, 'bot');
    assert.equal(why.source.stale, true);
    assert.equal(why.reason, 'matched-rule');
  });

  it('keeps the stale copy through network errors and timeouts too', async () => {
    server.handle(robotsHandler(DISALLOW_PRIVATE));
    await client.get(page);
    server.handle(() => {}); // never answers
    clock.advance(DAY);
    const r = await client.get(page);
    assert.equal(r.stale, true);
    assert.equal(r.lastError?.reason, 'timeout');
    assert.equal(await client.isAllowed(`${server.origin}/public`, 'bot'), true);
  });

  it('stops applying the copy once it is 30 days old: disallow all', async () => {
    server.handle(robotsHandler(DISALLOW_PRIVATE));
    await client.get(page);
    server.handle(robotsHandler('', {}, 503));
    clock.advance(29 * DAY);
    assert.equal((await client.get(page)).stale, true);
    clock.advance(DAY);
    const r = await client.get(page);
    assert.equal(r.outcome, 'disallow-all');
    assert.equal(r.stale, false);
    assert.equal(await client.isAllowed(`${server.origin}/public`, 'bot'), false);
  });

  it('does not fall back on a remembered 404 while unreachable', async () => {
    server.handle(robotsHandler('', {}, 404));
    assert.equal(await client.isAllowed(page, 'bot'), true);
    server.handle(robotsHandler('', {}, 503));
    clock.advance(DAY);
    assert.equal(await client.isAllowed(page, 'bot'), false);
  });

  it('treats 429 as unreachable and waits as long as Retry-After asks', async () => {
    server.handle(robotsHandler('', { 'retry-after': '900' }, 429));
    const r = await client.get(page);
    assert.equal(r.outcome, 'disallow-all');
    assert.equal(r.reason, 'too-many-requests');
    assert.equal(r.expiresAt - r.fetchedAt, 15 * MINUTE);
  });

  it('recovers when the origin answers again, clearing the failure', async () => {
    server.handle(robotsHandler('', {}, 503));
    await client.get(page);
    server.handle(robotsHandler(DISALLOW_PRIVATE));
    clock.advance(MINUTE);
    const r = await client.get(page);
    assert.equal(r.outcome, 'rules');
    assert.equal(r.stale, false);
    assert.equal(r.lastError, undefined);
  });
});
