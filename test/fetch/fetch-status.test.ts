// Status semantics of one access (RFC 9309 §2.3.1), against a real server on 127.0.0.1.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  classifyError,
  type FetchLike,
  fetchRobots,
  InvalidUrlError,
  UnsupportedSchemeError,
} from '../../src/fetch/index.js';
import {
  closedPort,
  DISALLOW_PRIVATE,
  robotsHandler,
  startServer,
  type TestServer,
} from './helpers/http.js';

describe('one robots.txt access: status classes', () => {
  let server: TestServer;
  let url: string;
  before(async () => {
    server = await startServer();
    url = `${server.origin}/robots.txt`;
  });
  after(() => server.close());

  for (const status of [200, 203, 206]) {
    it(`parses the body of a ${status}`, async () => {
      server.handle(robotsHandler(DISALLOW_PRIVATE, {}, status));
      const out = await fetchRobots(url);
      assert.equal(out.outcome, 'rules');
      assert.equal(out.reason, 'success');
      assert.equal(out.status, status);
      assert.equal(new TextDecoder().decode(out.body!), DISALLOW_PRIVATE);
      assert.equal(out.bytes, DISALLOW_PRIVATE.length);
      assert.equal(out.truncated, false);
    });
  }

  it('parses an empty 204 as a file without rules', async () => {
    server.handle((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    const out = await fetchRobots(url);
    assert.equal(out.outcome, 'rules');
    assert.equal(out.bytes, 0);
  });

  for (const status of [400, 401, 403, 404, 410, 451]) {
    it(`allows all on ${status} (unavailable, §2.3.1.3)`, async () => {
      server.handle(robotsHandler('Disallow: /', {}, status));
      const out = await fetchRobots(url);
      assert.equal(out.outcome, 'allow-all');
      assert.equal(out.reason, 'client-error');
      assert.equal(out.status, status);
      assert.equal(out.body, null);
      assert.match(out.detail, new RegExp(`${status}`));
    });
  }

  it('disallows all on 429, which counts as unreachable', async () => {
    server.handle(robotsHandler('', { 'retry-after': '120' }, 429));
    const out = await fetchRobots(url);
    assert.equal(out.outcome, 'disallow-all');
    assert.equal(out.reason, 'too-many-requests');
    assert.equal(out.status, 429);
    assert.equal(out.headers['retry-after'], '120');
  });

  for (const status of [500, 502, 503, 504, 599]) {
    it(`disallows all on ${status} (unreachable, §2.3.1.4)`, async () => {
      server.handle(robotsHandler('User-agent: *\nAllow: /', {}, status));
      const out = await fetchRobots(url);
      assert.equal(out.outcome, 'disallow-all');
      assert.equal(out.reason, 'server-error');
      assert.equal(out.status, status);
    });
  }

  it('disallows all on a 304 that answers an unconditional request', async () => {
    server.handle((_req, res) => {
      res.writeHead(304);
      res.end();
    });
    const out = await fetchRobots(url);
    assert.equal(out.outcome, 'disallow-all');
    assert.equal(out.reason, 'unexpected-status');
  });

  it('reports not-modified for a 304 to a conditional request, sending the validator only there', async () => {
    server.handle((req, res) => {
      res.writeHead(req.headers['if-none-match'] === '"v1"' ? 304 : 200, { etag: '"v1"' });
      res.end(req.headers['if-none-match'] ? '' : DISALLOW_PRIVATE);
    });
    const out = await fetchRobots(url, {
      conditional: { url, headers: { 'If-None-Match': '"v1"' } },
    });
    assert.equal(out.outcome, 'not-modified');
    assert.equal(out.status, 304);
    const other = await fetchRobots(url, {
      conditional: { url: `${server.origin}/elsewhere.txt`, headers: { 'if-none-match': '"v1"' } },
    });
    assert.equal(other.outcome, 'rules');
  });

  it('sends the configured User-Agent and asks for gzip, deflate and br', async () => {
    server.handle(robotsHandler(''));
    await fetchRobots(url, { userAgent: 'TestBot/1.0 (+https://example.org)' });
    const last = server.requests.at(-1)!;
    assert.equal(last.headers['user-agent'], 'TestBot/1.0 (+https://example.org)');
    assert.equal(last.headers['accept-encoding'], 'gzip, deflate, br');
    assert.equal(last.method, 'GET');
  });
});

describe('one robots.txt access: network trouble is disallow-all, never a throw', () => {
  it('disallows all when the connection is refused', async () => {
    const port = await closedPort();
    const out = await fetchRobots(`http://127.0.0.1:${port}/robots.txt`);
    assert.equal(out.outcome, 'disallow-all');
    assert.equal(out.reason, 'connection-refused');
    assert.equal(out.status, null);
  });

  it('disallows all on a TLS error (https to a plain-http port)', async () => {
    const server = await startServer(robotsHandler(''));
    try {
      const out = await fetchRobots(`https://127.0.0.1:${server.port}/robots.txt`);
      assert.equal(out.outcome, 'disallow-all');
      assert.equal(out.reason, 'tls-error');
      assert.match(out.detail, /TLS/);
    } finally {
      await server.close();
    }
  });

  it('disallows all when the server closes the connection before answering', async () => {
    const server = await startServer((req) => req.socket.destroy());
    try {
      const out = await fetchRobots(`${server.origin}/robots.txt`);
      assert.equal(out.outcome, 'disallow-all');
      assert.equal(out.reason, 'connection-reset');
    } finally {
      await server.close();
    }
  });

  it('names DNS errors from the error cause chain (an injected fetch: no lookup leaves the machine)', async () => {
    const fetch: FetchLike = async () => {
      throw Object.assign(new TypeError('fetch failed'), {
        cause: Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.invalid'), {
          code: 'ENOTFOUND',
        }),
      });
    };
    const out = await fetchRobots('http://nowhere.invalid/robots.txt', { fetch });
    assert.equal(out.outcome, 'disallow-all');
    assert.equal(out.reason, 'dns-error');
    assert.match(out.detail, /ENOTFOUND/);
  });

  it('treats a fetch that throws a non-error, or returns garbage, as a network error', async () => {
    const throwsString: FetchLike = async () => {
      throw 'boom';
    };
    const garbage = (async () => 42) as unknown as FetchLike;
    for (const fetch of [throwsString, garbage]) {
      const out = await fetchRobots('http://a.example/robots.txt', { fetch });
      assert.equal(out.outcome, 'disallow-all');
      assert.equal(out.reason, 'network-error');
    }
  });

  it('classifies error codes of the cause chain', () => {
    const wrap = (code: string) =>
      Object.assign(new TypeError('fetch failed'), { cause: { code } });
    assert.equal(classifyError(wrap('EAI_AGAIN'), false).reason, 'dns-error');
    assert.equal(classifyError(wrap('ECONNRESET'), false).reason, 'connection-reset');
    assert.equal(classifyError(wrap('UND_ERR_SOCKET'), false).reason, 'connection-reset');
    assert.equal(classifyError(wrap('CERT_HAS_EXPIRED'), false).reason, 'tls-error');
    assert.equal(classifyError(wrap('DEPTH_ZERO_SELF_SIGNED_CERT'), false).reason, 'tls-error');
    assert.equal(classifyError(wrap('ERR_TLS_CERT_ALTNAME_INVALID'), false).reason, 'tls-error');
    assert.equal(classifyError(wrap('UND_ERR_HEADERS_TIMEOUT'), false).reason, 'timeout');
    assert.equal(classifyError(wrap('Z_DATA_ERROR'), false).reason, 'decode-error');
    assert.equal(classifyError(wrap('EWHATEVER'), false).reason, 'network-error');
    assert.equal(classifyError(new Error('x'), true).reason, 'timeout');
  });
});

describe('one robots.txt access: misuse', () => {
  it('rejects a robots URL that is not http(s) with a typed error', async () => {
    await assert.rejects(fetchRobots('ftp://a.example/robots.txt'), UnsupportedSchemeError);
    await assert.rejects(fetchRobots('robots.txt'), InvalidUrlError);
  });
});
