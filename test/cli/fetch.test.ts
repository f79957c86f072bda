// `heed fetch` and http(s) robots sources for check and lint, against a real local server.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fetchExtensions } from '../../src/cli/fetch-command.js';
import { run } from '../../src/cli/program.js';
import { closedPort, robotsHandler, startServer, type TestServer } from '../fetch/helpers/http.js';
import { memoryIo } from '../helpers/memory-io.js';

describe('heed fetch and http(s) robots sources', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer(robotsHandler('User-agent: *\nDisallow: /private\nSitemap: /bad\n'));
  });
  after(() => server.close());

  it('fetch shows the robots URL, status, outcome, cache lifetime and diagnostics, exit 0', async () => {
    const io = memoryIo();
    assert.equal(await run(['fetch', `${server.origin}/some/page`], io, fetchExtensions), 0);
    assert.match(io.out, new RegExp(`robots\\.txt\\s+${server.origin}/robots\\.txt`));
    assert.match(io.out, /status\s+200/);
    assert.match(io.out, /outcome\s+rules/);
    assert.match(io.out, /cache\s+1 d/);
    assert.match(io.out, /invalid-sitemap/);
  });

  it('fetch --json prints the fields of client.get()', async () => {
    const io = memoryIo();
    await run(['fetch', '--json', server.origin], io, fetchExtensions);
    const report = JSON.parse(io.out);
    assert.equal(report.robotsUrl, `${server.origin}/robots.txt`);
    assert.equal(report.status, 200);
    assert.equal(report.outcome, 'rules');
    assert.deepEqual(report.redirects, []);
    assert.equal(typeof report.expiresAt, 'number');
  });

  it('fetch exits 1 when the site is unreachable (disallow-all)', async () => {
    const io = memoryIo();
    const code = await run(
      ['fetch', `http://127.0.0.1:${await closedPort()}/`],
      io,
      fetchExtensions,
    );
    assert.equal(code, 1);
    assert.match(io.out, /outcome\s+disallow-all/);
  });

  it('fetch exits 2 naming the URL when it is not http(s)', async () => {
    const io = memoryIo();
    assert.equal(await run(['fetch', 'ftp://example.com/'], io, fetchExtensions), 2);
    assert.match(io.err, /ftp/);
  });

  it('check fetches an http(s) robots source and decides by its rules', async () => {
    const io = memoryIo();
    const code = await run(
      ['check', server.origin, 'bot', '/private/x', '/open'],
      io,
      fetchExtensions,
    );
    assert.equal(code, 1);
    assert.match(io.out, /disallowed\s+\/private\/x\s+Disallow: \/private \(line 2\)/);
    assert.match(io.out, /allowed\s+\/open/);
  });

  it('check answers every URL with the blanket outcome when the file is unavailable or unreachable', async () => {
    const missing = await startServer(robotsHandler('not found', {}, 404));
    try {
      const io = memoryIo();
      assert.equal(
        await run(['check', '--json', missing.origin, 'bot', '/a'], io, fetchExtensions),
        0,
      );
      assert.deepEqual(
        { ...JSON.parse(io.out), why: undefined },
        {
          url: '/a',
          agent: 'bot',
          allowed: true,
          rule: null,
          reason: 'unavailable',
          why: undefined,
        },
      );
    } finally {
      await missing.close();
    }
    const io = memoryIo();
    const down = `http://127.0.0.1:${await closedPort()}`;
    assert.equal(await run(['check', down, 'bot', '/a'], io, fetchExtensions), 1);
    assert.match(io.out, /^disallowed\s+\/a\s/);
  });

  it('lint reads an http(s) source too', async () => {
    const io = memoryIo();
    assert.equal(await run(['lint', server.origin], io, fetchExtensions), 1);
    assert.match(io.out, /:3: warning \[invalid-sitemap\]/);
  });
});
