// The body of one access: streamed, cut at maxBytes, decoded, bounded in time (RFC 9309 §2.5).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import { type FetchLike, fetchRobots } from '../../src/fetch/index.js';
import { DISALLOW_PRIVATE, startServer, type TestServer } from './helpers/http.js';

const MiB = 1024 * 1024;

describe('one robots.txt access: body, size cap and timeouts', () => {
  let server: TestServer;
  let url: string;
  /** Resolves when the server sees the response's connection close. */
  let closed: Promise<void>;
  let markClosed: () => void;
  before(async () => {
    server = await startServer();
    url = `${server.origin}/robots.txt`;
  });
  after(() => server.close());

  function serve(handler: Parameters<TestServer['handle']>[0]) {
    closed = new Promise((resolve) => {
      markClosed = resolve;
    });
    server.handle((req, res) => {
      res.on('close', () => markClosed());
      handler(req, res);
    });
  }

  it('times out on a server that never answers: disallow-all', async () => {
    serve(() => {});
    const out = await fetchRobots(url, { timeoutMs: 300 });
    assert.equal(out.outcome, 'disallow-all');
    assert.equal(out.reason, 'timeout');
    assert.equal(out.status, null);
    assert.match(out.detail, /no response .* within 300 ms/);
  });

  it('times out on a body that stalls mid-way, and does not parse the part it got', async () => {
    serve((_req, res) => {
      res.writeHead(200, { 'content-length': '1000' });
      res.write('User-agent: *\nAllow: /\n'); // then nothing
    });
    const out = await fetchRobots(url, { timeoutMs: 500 });
    assert.equal(out.outcome, 'disallow-all');
    assert.equal(out.reason, 'timeout');
    assert.equal(out.status, 200);
    assert.equal(out.body, null);
    assert.match(out.detail, /body .* did not complete within 500 ms/);
    await closed;
  });

  /**
   * A fetch that tells when the response headers reached the client, so the server breaks the
   * connection mid-body for certain (not before the status line was read).
   */
  function watchedFetch() {
    let seen!: () => void;
    const headersSeen = new Promise<void>((resolve) => {
      seen = resolve;
    });
    const fetch: FetchLike = async (u, init) => {
      const response = await globalThis.fetch(u, init);
      seen();
      return response;
    };
    return { fetch, headersSeen };
  }

  it('disallows all on a reset mid-body, even with a 200 and a partial file', async () => {
    const { fetch, headersSeen } = watchedFetch();
    serve((req, res) => {
      res.writeHead(200, { 'content-length': '100000' });
      res.write('User-agent: *\nDisallow: /a\n');
      headersSeen.then(() => req.socket.resetAndDestroy());
    });
    const out = await fetchRobots(url, { fetch, timeoutMs: 5000 });
    assert.equal(out.outcome, 'disallow-all');
    assert.equal(out.reason, 'connection-reset');
    assert.equal(out.status, 200);
    assert.equal(out.body, null);
    assert.match(out.detail, /body .* broke off/);
  });

  it('disallows all when the connection closes before the promised length arrived', async () => {
    const { fetch, headersSeen } = watchedFetch();
    serve((req, res) => {
      res.writeHead(200, { 'content-length': '100000' });
      res.write('User-agent: *\n');
      headersSeen.then(() => req.socket.destroy());
    });
    const out = await fetchRobots(url, { fetch, timeoutMs: 5000 });
    assert.equal(out.outcome, 'disallow-all');
    assert.equal(out.reason, 'connection-reset');
    assert.equal(out.status, 200);
  });

  it('cuts a body that never ends at maxBytes and stops downloading', async () => {
    let sent = 0;
    serve((_req, res) => {
      res.writeHead(200);
      const line = Buffer.from('Disallow: /x\n'.repeat(1000));
      const pump = () => {
        while (!res.destroyed) {
          sent += line.length;
          if (!res.write(line)) return void res.once('drain', pump);
        }
      };
      pump();
    });
    const out = await fetchRobots(url, { maxBytes: 100_000, timeoutMs: 5000 });
    assert.equal(out.outcome, 'rules');
    assert.equal(out.truncated, true);
    assert.equal(out.bytes, 100_000);
    assert.equal(out.body!.byteLength, 100_000);
    await closed; // the client closed the connection: the rest is not downloaded
    assert.ok(sent < 64 * MiB, `server sent ${sent} bytes before the close`);
  });

  it('reads the first 512000 bytes of a 2 MiB body and reports truncation', async () => {
    const body = Buffer.alloc(2 * MiB, 'Disallow: /y\n');
    serve((_req, res) => {
      res.writeHead(200, { 'content-length': String(body.length) });
      res.end(body);
    });
    const out = await fetchRobots(url);
    assert.equal(out.outcome, 'rules');
    assert.equal(out.bytes, 512_000);
    assert.equal(out.truncated, true);
    assert.deepEqual(Buffer.from(out.body!), body.subarray(0, 512_000));
  });

  it('does not report truncation for a body of exactly maxBytes', async () => {
    serve((_req, res) => res.end(Buffer.alloc(1000, 'a')));
    const out = await fetchRobots(url, { maxBytes: 1000 });
    assert.equal(out.bytes, 1000);
    assert.equal(out.truncated, false);
  });

  it('caps the decoded bytes of a gzip bomb (1 GiB of zeros) at maxBytes', async () => {
    // Made on the fly: 1 GiB decoded, about 1 MiB compressed.
    serve((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      const gzip = zlib.createGzip({ level: 9 });
      gzip.pipe(res);
      const zeros = Buffer.alloc(MiB);
      let fed = 0;
      const pump = () => {
        while (fed < 1024 && !res.destroyed) {
          fed++;
          if (!gzip.write(zeros)) return void gzip.once('drain', pump);
        }
        gzip.end();
      };
      res.on('close', () => gzip.destroy());
      pump();
    });
    const before = process.memoryUsage().rss;
    const out = await fetchRobots(url, { timeoutMs: 5000 });
    assert.equal(out.outcome, 'rules');
    assert.equal(out.truncated, true);
    assert.equal(out.bytes, 512_000);
    assert.ok(out.body!.every((b) => b === 0));
    await closed;
    const grown = process.memoryUsage().rss - before;
    assert.ok(grown < 256 * MiB, `memory grew by ${grown} bytes`);
  });

  it('ends an endless gzip stream at maxBytes: only the cap is ever decoded and kept', async () => {
    let fed = 0;
    serve((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      const gzip = zlib.createGzip();
      gzip.pipe(res);
      const chunk = Buffer.from('Disallow: /z\n'.repeat(5000));
      const pump = () => {
        while (!res.destroyed) {
          fed += chunk.length;
          if (!gzip.write(chunk)) return void gzip.once('drain', pump);
        }
      };
      res.on('close', () => gzip.destroy());
      pump();
    });
    const out = await fetchRobots(url, { maxBytes: 200_000, timeoutMs: 5000 });
    assert.equal(out.bytes, 200_000);
    assert.equal(out.truncated, true);
    await closed; // the download stopped, though the server would have gone on for ever
    assert.ok(fed > 0);
  });

  for (const [coding, encode] of [
    ['gzip', zlib.gzipSync],
    ['x-gzip', zlib.gzipSync],
    ['deflate', zlib.deflateSync],
    ['br', zlib.brotliCompressSync],
  ] as const) {
    it(`decodes content-encoding ${coding}`, async () => {
      serve((_req, res) => {
        res.writeHead(200, { 'content-encoding': coding });
        res.end(encode(Buffer.from(DISALLOW_PRIVATE)));
      });
      const out = await fetchRobots(url);
      assert.equal(out.outcome, 'rules');
      assert.equal(new TextDecoder().decode(out.body!), DISALLOW_PRIVATE);
    });
  }

  it('caps decoded br bytes too', async () => {
    const bomb = zlib.brotliCompressSync(Buffer.alloc(8 * MiB));
    serve((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'br' });
      res.end(bomb);
    });
    const out = await fetchRobots(url, { maxBytes: 10_000 });
    assert.equal(out.bytes, 10_000);
    assert.equal(out.truncated, true);
  });

  it('disallows all on a body that does not decode (broken gzip)', async () => {
    serve((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end('User-agent: *\nAllow: /\n');
    });
    const out = await fetchRobots(url);
    assert.equal(out.outcome, 'disallow-all');
    assert.equal(out.reason, 'decode-error');
  });

  it('disallows all on a content-encoding it cannot decode, rather than parse raw bytes', async () => {
    serve((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'zstd' });
      res.end('whatever');
    });
    const out = await fetchRobots(url);
    assert.equal(out.outcome, 'disallow-all');
    assert.equal(out.reason, 'decode-error');
    assert.match(out.detail, /zstd/);
  });
});
