// Redirects of one access (RFC 9309 §2.3.1.2), across real servers on several ports of 127.0.0.1.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createRobotsClient, fetchRobots } from '../../src/fetch/index.js';
import { DISALLOW_PRIVATE, robotsHandler, startServers, type TestServer } from './helpers/http.js';

describe('one robots.txt access: redirects', () => {
  let hosts: TestServer[];
  before(async () => {
    hosts = await startServers(7);
  });
  after(() => Promise.all(hosts.map((h) => h.close())));

  /** Host i redirects to host i+1 (absolute Location) until host n, which serves the file. */
  function chain(n: number, status = 301): string[] {
    const targets: string[] = [];
    for (let i = 0; i < n; i++) {
      const next = `${hosts[i + 1]!.origin}/robots-${i + 1}.txt`;
      targets.push(next);
      hosts[i]!.handle((_req, res) => {
        res.writeHead(status, { location: next });
        res.end();
      });
    }
    hosts[n]!.handle(robotsHandler(DISALLOW_PRIVATE));
    return targets;
  }

  for (const n of [1, 2, 3, 4, 5]) {
    it(`follows a chain of ${n} cross-host redirect${n > 1 ? 's' : ''} to the file`, async () => {
      const targets = chain(n, [301, 302, 303, 307, 308][n - 1]);
      const out = await fetchRobots(`${hosts[0]!.origin}/robots.txt`);
      assert.equal(out.outcome, 'rules');
      assert.equal(out.status, 200);
      assert.deepEqual(out.redirects, targets);
      assert.equal(out.finalUrl, targets.at(-1));
      assert.equal(out.robotsUrl, `${hosts[0]!.origin}/robots.txt`);
    });
  }

  it('gives up after 5 redirects: a chain of 6 means the file is unavailable (allow-all)', async () => {
    const targets = chain(6);
    const before6 = hosts[6]!.count();
    const out = await fetchRobots(`${hosts[0]!.origin}/robots.txt`);
    assert.equal(out.outcome, 'allow-all');
    assert.equal(out.reason, 'too-many-redirects');
    assert.deepEqual(out.redirects, targets.slice(0, 5));
    assert.match(out.detail, /more than 5 consecutive redirects/);
    assert.equal(hosts[6]!.count(), before6, 'the 6th target is never requested');
  });

  it('honours a lower maxRedirects', async () => {
    chain(2);
    const out = await fetchRobots(`${hosts[0]!.origin}/robots.txt`, { maxRedirects: 1 });
    assert.equal(out.reason, 'too-many-redirects');
    const none = await fetchRobots(`${hosts[0]!.origin}/robots.txt`, { maxRedirects: 0 });
    assert.equal(none.reason, 'too-many-redirects');
    assert.deepEqual(none.redirects, []);
  });

  it('detects a loop between two hosts as unavailable, before any limit', async () => {
    const a = `${hosts[0]!.origin}/robots.txt`;
    const b = `${hosts[1]!.origin}/robots.txt`;
    hosts[0]!.handle((_req, res) => {
      res.writeHead(302, { location: b });
      res.end();
    });
    hosts[1]!.handle((_req, res) => {
      res.writeHead(302, { location: a });
      res.end();
    });
    const out = await fetchRobots(a);
    assert.equal(out.outcome, 'allow-all');
    assert.equal(out.reason, 'redirect-loop');
    assert.deepEqual(out.redirects, [b]);
    assert.match(out.detail, /loop/);
  });

  it('detects a redirect to itself', async () => {
    hosts[0]!.handle((_req, res) => {
      res.writeHead(301, { location: '/robots.txt' });
      res.end();
    });
    const out = await fetchRobots(`${hosts[0]!.origin}/robots.txt`);
    assert.equal(out.reason, 'redirect-loop');
    assert.deepEqual(out.redirects, []);
  });

  it('resolves a relative Location against the URL that sent it', async () => {
    hosts[0]!.handle((req, res) => {
      if (req.url === '/robots.txt') res.writeHead(301, { location: 'files/robots.txt' });
      else if (req.url === '/files/robots.txt')
        res.writeHead(302, { location: '../final/robots.txt?x=1' });
      else if (req.url === '/final/robots.txt?x=1') {
        res.writeHead(200);
        res.end(DISALLOW_PRIVATE);
        return;
      } else res.writeHead(500);
      res.end();
    });
    const out = await fetchRobots(`${hosts[0]!.origin}/robots.txt`);
    assert.equal(out.outcome, 'rules');
    assert.deepEqual(out.redirects, [
      `${hosts[0]!.origin}/files/robots.txt`,
      `${hosts[0]!.origin}/final/robots.txt?x=1`,
    ]);
  });

  it('ends on the status of the last hop: a redirect to a 404 allows all, to a 503 disallows all', async () => {
    hosts[0]!.handle((_req, res) => {
      res.writeHead(301, { location: `${hosts[1]!.origin}/robots.txt` });
      res.end();
    });
    hosts[1]!.handle(robotsHandler('', {}, 404));
    assert.equal((await fetchRobots(`${hosts[0]!.origin}/robots.txt`)).outcome, 'allow-all');
    hosts[1]!.handle(robotsHandler('', {}, 503));
    assert.equal((await fetchRobots(`${hosts[0]!.origin}/robots.txt`)).outcome, 'disallow-all');
  });

  it('disallows all on a redirect without a usable Location (never fail open)', async () => {
    for (const location of [undefined, 'ftp://example.com/robots.txt', 'http://[bad']) {
      hosts[0]!.handle((_req, res) => {
        res.writeHead(302, location === undefined ? {} : { location });
        res.end();
      });
      const out = await fetchRobots(`${hosts[0]!.origin}/robots.txt`);
      assert.equal(out.outcome, 'disallow-all', String(location));
      assert.equal(out.reason, 'bad-redirect');
    }
  });

  it('applies the rules found after redirects to the original origin', async () => {
    hosts[0]!.handle((_req, res) => {
      res.writeHead(301, { location: `${hosts[1]!.origin}/robots.txt` });
      res.end();
    });
    hosts[1]!.handle(robotsHandler(DISALLOW_PRIVATE));
    const client = createRobotsClient();
    assert.equal(await client.isAllowed(`${hosts[0]!.origin}/private/x`, 'bot'), false);
    const result = await client.get(`${hosts[0]!.origin}/`);
    assert.equal(result.origin, hosts[0]!.origin);
    assert.equal(result.robotsUrl, `${hosts[0]!.origin}/robots.txt`);
    assert.deepEqual(result.redirects, [`${hosts[1]!.origin}/robots.txt`]);
    // The redirect target's own origin has no answer of its own yet: it is fetched separately.
    const before1 = hosts[1]!.count();
    await client.get(`${hosts[1]!.origin}/`);
    assert.equal(hosts[1]!.count(), before1 + 1);
  });
});
