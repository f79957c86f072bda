// The client API: answers, explanations, one fetch per origin, a bound on fetches in flight.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  createRobotsClient,
  InvalidOptionError,
  InvalidUrlError,
  memoryStore,
  resolveClientOptions,
  type Store,
  UnsupportedSchemeError,
} from '../../src/fetch/index.js';
import { heldRobots } from './helpers/held.js';
import {
  DISALLOW_PRIVATE,
  robotsHandler,
  startServer,
  startServers,
  type TestServer,
} from './helpers/http.js';

describe('client answers', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer(
      robotsHandler(
        'User-agent: *\nDisallow: /private\nCrawl-delay: 2\nSitemap: https://example.com/s.xml\n',
      ),
    );
  });
  after(() => server.close());

  it('gives the fields of get(): robots URL, status, outcome, reason, bytes, times, parsed file', async () => {
    const client = createRobotsClient();
    const r = await client.get(`${server.origin}/a/b?c`);
    assert.equal(r.robotsUrl, `${server.origin}/robots.txt`);
    assert.equal(r.origin, server.origin);
    assert.equal(r.status, 200);
    assert.equal(r.outcome, 'rules');
    assert.equal(r.reason, 'success');
    assert.deepEqual(r.redirects, []);
    assert.equal(r.truncated, false);
    assert.ok(r.bytes > 0);
    assert.ok(r.expiresAt > r.fetchedAt);
    assert.equal(r.fromCache, false);
    assert.equal(r.stale, false);
    assert.ok(r.robots);
    assert.deepEqual(r.robots.sitemaps, ['https://example.com/s.xml']);
    assert.equal((await client.get(`${server.origin}/`)).fromCache, true);
  });

  it('decides with the parsed rules', async () => {
    const client = createRobotsClient();
    assert.equal(await client.isAllowed(`${server.origin}/private/x`, 'bot'), false);
    assert.equal(await client.isAllowed(`${server.origin}/public`, 'bot'), true);
    assert.equal(await client.crawlDelay(`${server.origin}/`, 'bot'), 2);
  });

  it('explains a decision with the deciding rule and its source', async () => {
    const client = createRobotsClient();
    const why = await client.explain(`${server.origin}/private/x`, 'bot');
    assert.equal(why.allowed, false);
    assert.equal(why.reason, 'matched-rule');
    assert.equal(why.rule?.line, 2);
    assert.equal(why.source.robotsUrl, `${server.origin}/robots.txt`);
    assert.equal(why.source.outcome, 'rules');
    assert.equal(why.source.status, 200);
    assert.equal(why.source.stale, false);
  });

  it('explains allow-all and disallow-all outcomes without a rule', async () => {
    const other = await startServer(robotsHandler('', {}, 404));
    try {
      const client = createRobotsClient();
      const allowed = await client.explain(`${other.origin}/x`, 'bot');
      assert.equal(allowed.allowed, true);
      assert.equal(allowed.reason, 'unavailable');
      assert.equal(allowed.rule, null);
      assert.equal(allowed.source.reason, 'client-error');
      other.handle(robotsHandler('', {}, 500));
      await client.invalidate(`${other.origin}/`);
      const denied = await client.explain(`${other.origin}/x`, 'bot');
      assert.equal(denied.allowed, false);
      assert.equal(denied.reason, 'unreachable');
      assert.equal(denied.source.reason, 'server-error');
      assert.equal(denied.path, '/x');
      const exempt = await client.explain(`${other.origin}/robots.txt`, 'bot');
      assert.equal(exempt.allowed, true);
      assert.equal(exempt.reason, 'robots-txt-exempt');
    } finally {
      await other.close();
    }
  });

  it('passes the mode to the parser', async () => {
    const client = createRobotsClient({ mode: 'google' });
    const r = await client.get(`${server.origin}/`);
    assert.equal(r.robots?.mode, 'google');
  });

  it('rejects a URL that is not http(s) with a typed error, and makes no request', async () => {
    const client = createRobotsClient();
    const before = server.count();
    await assert.rejects(client.isAllowed('ftp://127.0.0.1/x', 'bot'), UnsupportedSchemeError);
    await assert.rejects(client.get('not a url'), InvalidUrlError);
    await assert.rejects(client.explain('/relative', 'bot'), InvalidUrlError);
    assert.equal(server.count(), before);
  });

  it('forgets an origin on invalidate()', async () => {
    const store = memoryStore();
    const client = createRobotsClient({ store });
    await client.get(`${server.origin}/`);
    const before = server.count();
    await client.invalidate(`${server.origin}/anything`);
    assert.equal(await store.get(server.origin), undefined);
    await client.get(`${server.origin}/`);
    assert.equal(server.count(), before + 1);
  });
});

describe('client options', () => {
  it('resolves every default in one place', () => {
    const o = resolveClientOptions();
    assert.equal(o.maxRedirects, 5);
    assert.equal(o.maxBytes, 512000);
    assert.equal(o.timeoutMs, 10000);
    assert.equal(o.maxConcurrentFetches, 16);
    assert.equal(o.mode, 'rfc');
    assert.equal(o.minTtlMs, 60_000);
    assert.equal(o.maxTtlMs, 86_400_000);
    assert.equal(o.staleMaxAgeMs, 30 * 86_400_000);
  });

  it('refuses unusable options with a typed error naming the option', () => {
    const bad: [string, object][] = [
      ['maxRedirects', { maxRedirects: -1 }],
      ['maxBytes', { maxBytes: 0 }],
      ['timeoutMs', { timeoutMs: 1.5 }],
      ['maxConcurrentFetches', { maxConcurrentFetches: 0 }],
      ['mode', { mode: 'strict' }],
      ['userAgent', { userAgent: 'a\r\nX-Evil: 1' }],
      ['maxTtlMs', { maxTtlMs: 2 * 86_400_000 }],
      ['fetch', { fetch: 'yes' }],
    ];
    for (const [option, options] of bad) {
      assert.throws(
        () => createRobotsClient(options as never),
        (err: unknown) =>
          err instanceof InvalidOptionError &&
          err.option === option &&
          err.message.includes(option),
        option,
      );
    }
  });
});

describe('one fetch per origin', () => {
  it('answers 100 concurrent checks on one origin with exactly 1 request', async () => {
    const server = await startServer((_req, res) => {
      setTimeout(() => robotsHandler(DISALLOW_PRIVATE)(_req, res), 50);
    });
    try {
      const client = createRobotsClient();
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          client.isAllowed(`${server.origin}/${i % 2 ? 'private/' : ''}${i}`, 'bot'),
        ),
      );
      assert.equal(server.count('/robots.txt'), 1);
      assert.deepEqual(
        answers,
        Array.from({ length: 100 }, (_, i) => i % 2 === 0),
      );
    } finally {
      await server.close();
    }
  });

  it('bounds fetches in flight over all origins', async () => {
    const held = heldRobots(DISALLOW_PRIVATE);
    let active = 0;
    let peak = 0;
    const servers = await startServers(6, (req, res) => {
      active++;
      peak = Math.max(peak, active);
      res.on('close', () => {
        active--;
      });
      held.handler(req, res);
    });
    try {
      const client = createRobotsClient({ maxConcurrentFetches: 2 });
      const all = Promise.all(servers.map((s) => client.isAllowed(`${s.origin}/private`, 'bot')));
      await held.received(2); // two fetches in flight, both held: the bound is reached
      held.release();
      assert.deepEqual(await all, [false, false, false, false, false, false]);
      assert.equal(peak, 2);
      for (const s of servers) assert.equal(s.count(), 1);
    } finally {
      held.release();
      await Promise.all(servers.map((s) => s.close()));
    }
  });

  it('shares one fetch between two clients of one store (the lease)', async () => {
    const server = await startServer((_req, res) => {
      setTimeout(() => robotsHandler(DISALLOW_PRIVATE)(_req, res), 100);
    });
    try {
      const store = memoryStore();
      const a = createRobotsClient({ store, leasePollMs: 10 });
      const b = createRobotsClient({ store, leasePollMs: 10 });
      const results = await Promise.all([a.get(`${server.origin}/`), b.get(`${server.origin}/`)]);
      assert.equal(server.count('/robots.txt'), 1);
      assert.deepEqual(results.map((r) => r.fromCache).sort(), [false, true]);
    } finally {
      await server.close();
    }
  });

  it('still answers when the store fails, reporting the error', async () => {
    const server = await startServer(robotsHandler(DISALLOW_PRIVATE));
    const errors: unknown[] = [];
    const broken: Store = {
      get: async () => {
        throw new Error('store down');
      },
      set: async () => {
        throw new Error('store down');
      },
      delete: async () => {},
      acquire: async () => {
        throw new Error('store down');
      },
      close: async () => {},
    };
    try {
      const client = createRobotsClient({ store: broken, onStoreError: (e) => errors.push(e) });
      assert.equal(await client.isAllowed(`${server.origin}/private`, 'bot'), false);
      assert.ok(errors.length >= 2);
    } finally {
      await server.close();
    }
  });
});
