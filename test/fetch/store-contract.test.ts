// One contract, run against every store: memory, SQLite (a temp file, reopened to prove persistence)
// and a real redis-server started here (failing, not skipping, when redis-server is missing).

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import {
  createRobotsClient,
  memoryStore,
  type RobotsRecord,
  redisStore,
  type Store,
  sqliteStore,
} from '../../src/fetch/index.js';
import { heldRobots } from './helpers/held.js';
import { DISALLOW_PRIVATE, robotsHandler, startServer } from './helpers/http.js';
import { type RedisServer, startRedis } from './helpers/redis.js';

const HOUR = 3_600_000;

function sampleRecord(key: string, body = DISALLOW_PRIVATE): RobotsRecord {
  const t = Date.UTC(2025, 0, 1);
  return {
    v: 1,
    key,
    current: {
      robotsUrl: `${key}/robots.txt`,
      finalUrl: `${key}/robots.txt`,
      status: 200,
      outcome: 'rules',
      reason: 'success',
      detail: 'ok — ünïcödé ✓',
      redirects: [],
      bytes: Buffer.byteLength(body),
      truncated: false,
      body: Buffer.from(body).toString('base64'),
      bodyHash: 'abc',
      fetchedAt: t,
      expiresAt: t + HOUR,
      lifetime: { ttlMs: HOUR, source: 'max-age', why: 'Cache-Control max-age: 1 h' },
      policy: null,
    },
    failure: null,
  };
}

/** Polls `check` until it holds, for at most `ms` (only expiry needs this). */
async function eventually(check: () => Promise<boolean>, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) assert.fail('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface Backend {
  /** A store on this backend. */
  open(): Promise<Store>;
  /** A second, independent handle on the same data (another process, or after a restart). */
  reopen(): Promise<Store>;
}

function storeContract(name: string, setup: () => Promise<Backend & { cleanup(): Promise<void> }>) {
  describe(`store contract: ${name}`, () => {
    let backend: Backend & { cleanup(): Promise<void> };
    let store: Store;
    before(async () => {
      backend = await setup();
      store = await backend.open();
    });
    after(async () => {
      await store.close();
      await backend.cleanup();
    });

    it('returns undefined for a key never stored', async () => {
      assert.equal(await store.get('https://never.example'), undefined);
    });

    it('returns what was stored, as an equal JSON value', async () => {
      const record = sampleRecord('https://a.example');
      await store.set(record.key, record, HOUR);
      assert.deepEqual(await store.get(record.key), record);
    });

    it('keeps keys apart, odd characters included', async () => {
      const keys = ['http://[::1]:8080', 'https://b.example:8443', 'http://xn--bcher-kva.example'];
      for (const key of keys) await store.set(key, sampleRecord(key), HOUR);
      for (const key of keys) assert.equal((await store.get(key))?.key, key);
    });

    it('replaces a record on set', async () => {
      const key = 'https://replace.example';
      await store.set(key, sampleRecord(key, 'one'), HOUR);
      await store.set(key, sampleRecord(key, 'two'), HOUR);
      assert.equal((await store.get(key))?.current?.bytes, 3);
      assert.equal(Buffer.from((await store.get(key))!.current!.body!, 'base64').toString(), 'two');
    });

    it('holds a body of the full 512000 bytes', async () => {
      const key = 'https://big.example';
      const body = 'Disallow: /x\n'.repeat(40_000).slice(0, 512_000);
      await store.set(key, sampleRecord(key, body), HOUR);
      const back = await store.get(key);
      assert.equal(Buffer.from(back!.current!.body!, 'base64').toString(), body);
    });

    it('deletes a record', async () => {
      const key = 'https://delete.example';
      await store.set(key, sampleRecord(key), HOUR);
      await store.delete(key);
      assert.equal(await store.get(key), undefined);
      await store.delete('https://never-stored.example'); // no error
    });

    it('drops a record once its ttl passed', async () => {
      const key = 'https://ttl.example';
      await store.set(key, sampleRecord(key), 1);
      await eventually(async () => (await store.get(key)) === undefined);
    });

    it('hands out one lease per key at a time, and again after release', async () => {
      const key = 'https://lease.example';
      const lease = await store.acquire(key, 10_000);
      assert.ok(lease);
      assert.equal(await store.acquire(key, 10_000), null);
      const other = await store.acquire('https://other-lease.example', 10_000);
      assert.ok(other, 'other keys are free');
      await lease.release();
      await lease.release(); // twice is harmless
      const again = await store.acquire(key, 10_000);
      assert.ok(again);
      await again.release();
      await other.release();
    });

    it('ends a lease whose holder vanished once leaseMs passed, and keeps the new holder safe', async () => {
      const key = 'https://crashed.example';
      const crashed = await store.acquire(key, 50);
      assert.ok(crashed);
      let next: Awaited<ReturnType<Store['acquire']>> = null;
      await eventually(async () => {
        next = await store.acquire(key, 10_000);
        return next !== null;
      });
      await crashed.release(); // the old holder's late release must not free the new lease
      assert.equal(await store.acquire(key, 10_000), null);
      await next!.release();
    });

    it('shares records and leases with a second handle on the same data', async () => {
      const second = await backend.reopen();
      try {
        const key = 'https://shared.example';
        await store.set(key, sampleRecord(key), HOUR);
        assert.deepEqual(await second.get(key), sampleRecord(key));
        const lease = await store.acquire(key, 10_000);
        assert.ok(lease);
        assert.equal(await second.acquire(key, 10_000), null);
        await lease.release();
        const theirs = await second.acquire(key, 10_000);
        assert.ok(theirs);
        await theirs.release();
      } finally {
        await second.close();
      }
    });

    it('serves a client after a restart without fetching again: the body is re-parsed', async () => {
      const server = await startServer(robotsHandler(DISALLOW_PRIVATE));
      try {
        const first = createRobotsClient({ store });
        assert.equal(await first.isAllowed(`${server.origin}/private/a`, 'bot'), false);
        const restarted = await backend.reopen();
        try {
          const second = createRobotsClient({ store: restarted });
          const r = await second.get(`${server.origin}/`);
          assert.equal(r.fromCache, true);
          assert.equal(await second.isAllowed(`${server.origin}/private/a`, 'bot'), false);
          assert.equal(await second.isAllowed(`${server.origin}/public`, 'bot'), true);
          assert.equal(server.count('/robots.txt'), 1);
        } finally {
          await restarted.close();
        }
      } finally {
        await server.close();
      }
    });

    it('gives one fetch for two clients on two handles asking at once', async () => {
      const held = heldRobots(DISALLOW_PRIVATE);
      const server = await startServer(held.handler);
      const second = await backend.reopen();
      try {
        const a = createRobotsClient({ store, leasePollMs: 10 });
        const b = createRobotsClient({ store: second, leasePollMs: 10 });
        const first = a.get(`${server.origin}/x`);
        await held.received(1); // a holds the lease and its fetch is in flight
        const other = b.get(`${server.origin}/y`);
        setTimeout(() => held.release(), 100);
        const [ra, rb] = await Promise.all([first, other]);
        assert.equal(server.count('/robots.txt'), 1);
        assert.equal(ra.fromCache, false);
        assert.equal(rb.fromCache, true);
        assert.equal(await b.isAllowed(`${server.origin}/private`, 'bot'), false);
      } finally {
        held.release();
        await second.close();
        await server.close();
      }
    });
  });
}

storeContract('memory', async () => {
  // A memory store's "other handle" is the same object: it lives and dies with the process.
  const shared = memoryStore();
  const handle = (): Store => ({ ...shared, close: async () => {} });
  return {
    open: async () => handle(),
    reopen: async () => handle(),
    cleanup: async () => shared.close(),
  };
});

storeContract('sqlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'heed-sqlite-'));
  const path = join(dir, 'robots.sqlite');
  return {
    open: async () => sqliteStore(path),
    reopen: async () => sqliteStore(path),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

describe('sqlite store specifics', () => {
  it('keeps records and leases in the file across a close and reopen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'heed-sqlite-'));
    const path = join(dir, 'robots.sqlite');
    try {
      const first = sqliteStore(path);
      await first.set('https://kept.example', sampleRecord('https://kept.example'), HOUR);
      const lease = await first.acquire('https://kept.example', 10_000);
      assert.ok(lease);
      await first.close();
      const second = sqliteStore(path);
      assert.deepEqual(
        await second.get('https://kept.example'),
        sampleRecord('https://kept.example'),
      );
      assert.equal(
        await second.acquire('https://kept.example', 10_000),
        null,
        'a live lease survives too',
      );
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a table prefix that is not an identifier', () => {
    assert.throws(() => sqliteStore(':memory:', { tablePrefix: 'x; DROP TABLE y' }), TypeError);
  });
});

let redis: RedisServer | undefined;
let prefixes = 0;
storeContract('redis', async () => {
  redis ??= await startRedis();
  const url = redis.url;
  const prefix = `contract${++prefixes}:`;
  return {
    open: async () => redisStore({ url, prefix }),
    reopen: async () => redisStore({ url, prefix }),
    cleanup: async () => {},
  };
});

describe('memory store specifics', () => {
  it('drops the least recently used record past maxEntries', async () => {
    const store = memoryStore({ maxEntries: 2 });
    await store.set('a', sampleRecord('a'), HOUR);
    await store.set('b', sampleRecord('b'), HOUR);
    await store.get('a'); // a is now more recent than b
    await store.set('c', sampleRecord('c'), HOUR);
    assert.ok(await store.get('a'));
    assert.equal(await store.get('b'), undefined);
    assert.ok(await store.get('c'));
  });

  it('hands out copies, so a caller cannot change what is stored', async () => {
    const store = memoryStore();
    const record = sampleRecord('k');
    await store.set('k', record, HOUR);
    record.current!.status = 500;
    (await store.get('k'))!.current!.status = 404;
    assert.equal((await store.get('k'))?.current?.status, 200);
  });
});

describe('redis store specifics', () => {
  after(async () => {
    await redis?.stop();
  });

  it('uses an ioredis client it was given, and leaves it open on close', async () => {
    redis ??= await startRedis();
    const client = new Redis(redis.url);
    try {
      const store = redisStore(client);
      await store.set('k', sampleRecord('k'), HOUR);
      assert.ok(await client.get('heed:robots:k'));
      await store.close();
      assert.equal(await client.ping(), 'PONG');
    } finally {
      client.disconnect();
    }
  });

  it('reads a value it did not write as a miss', async () => {
    redis ??= await startRedis();
    const client = new Redis(redis.url);
    try {
      await client.set('odd:robots:k', '{not json');
      await client.set('odd:robots:j', JSON.stringify({ v: 99 }));
      const store = redisStore({ client, prefix: 'odd:' });
      assert.equal(await store.get('k'), undefined);
      assert.equal(await store.get('j'), undefined);
    } finally {
      client.disconnect();
    }
  });

  it('gives one fetch per origin across processes sharing one redis', async () => {
    redis ??= await startRedis();
    const held = heldRobots(DISALLOW_PRIVATE);
    const server = await startServer(held.handler);
    const store = redisStore({ url: redis.url, prefix: 'fleet:' });
    try {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          fileURLToPath(new URL('./helpers/child-client.ts', import.meta.url)),
          redis.url,
          'fleet:',
          `${server.origin}/a`,
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      let err = '';
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
      });
      child.stderr.on('data', (c: Buffer) => {
        err += c.toString();
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      await held.received(1); // the other process holds the lease, its fetch in flight
      const client = createRobotsClient({ store, leasePollMs: 10 });
      const mine = client.get(`${server.origin}/b`);
      setTimeout(() => held.release(), 100);
      const r = await mine;
      assert.equal(await exited, 0, err);
      assert.equal(server.count('/robots.txt'), 1);
      assert.equal(r.fromCache, true);
      assert.deepEqual(JSON.parse(out.trim().split('\n').at(-1)!), {
        fromCache: false,
        outcome: 'rules',
      });
    } finally {
      held.release();
      await store.close();
      await server.close();
    }
  });
});
