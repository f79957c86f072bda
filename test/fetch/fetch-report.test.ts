// The `heed fetch` renderers: pure functions of a client.get() result.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fetchReport, renderFetchJson, renderFetchText } from '../../src/cli/fetch-report.js';
import { createRobotsClient } from '../../src/fetch/index.js';
import { fakeClock, MINUTE } from './helpers/clock.js';
import { robotsHandler, startServers } from './helpers/http.js';

describe('heed fetch report', () => {
  it('shows the robots URL, each redirect, status, outcome, bytes, cache lifetime and diagnostics', async () => {
    const [a, b] = await startServers(2);
    try {
      a!.handle((_req, res) => {
        res.writeHead(301, { location: `${b!.origin}/robots.txt` });
        res.end();
      });
      b!.handle(
        robotsHandler(
          'User-agent: *\nDisallow /nocolon\nDisallow: /x\nSitemap: https://example.com/s.xml\n',
          {
            'cache-control': 'max-age=600',
          },
        ),
      );
      const result = await createRobotsClient().get(`${a!.origin}/page`);
      const text = renderFetchText(result);
      assert.match(text, new RegExp(`robots.txt +${a!.origin}/robots.txt`));
      assert.match(text, new RegExp(`redirects +1\\. -> ${b!.origin}/robots.txt`));
      assert.match(text, /status +200/);
      assert.match(text, /outcome +rules \(success\)/);
      assert.match(text, /bytes +\d+\n/);
      assert.match(text, /cache +10 min \[max-age\]/);
      assert.match(text, /diagnostics +[1-9]/);
      assert.match(text, /line 2: /);
      assert.match(text, /sitemaps +https:\/\/example.com\/s.xml/);
      assert.ok(text.endsWith('\n'));

      const json = JSON.parse(renderFetchJson(result));
      assert.equal(json.robotsUrl, `${a!.origin}/robots.txt`);
      assert.deepEqual(json.redirects, [`${b!.origin}/robots.txt`]);
      assert.equal(json.status, 200);
      assert.equal(json.outcome, 'rules');
      assert.equal(json.reason, 'success');
      assert.equal(json.truncated, false);
      assert.equal(json.lifetime.ttlMs, 10 * MINUTE);
      assert.equal(typeof json.fetchedAt, 'number');
      assert.equal(json.robots, undefined);
      assert.ok(json.diagnostics.total >= 1);
      assert.equal(json.diagnostics.items.length, json.diagnostics.total);
      assert.deepEqual(json.sitemaps, ['https://example.com/s.xml']);
    } finally {
      await Promise.all([a!.close(), b!.close()]);
    }
  });

  it('says why nothing may be crawled, and when it will try again', async () => {
    const [s] = await startServers(1, robotsHandler('', {}, 503));
    try {
      const result = await createRobotsClient({ now: fakeClock().now }).get(`${s!.origin}/`);
      const text = renderFetchText(result);
      assert.match(text, /status +503/);
      assert.match(text, /outcome +disallow-all \(server-error\): nothing may be crawled/);
      assert.match(text, /last error +503 server-error .*\(1 consecutive failure\); next try/);
      assert.match(text, /cache +1 min \[retry\]/);
      assert.match(text, /diagnostics +none \(no file decides\)/);
      const report = fetchReport(result);
      assert.equal(report.lastError?.failures, 1);
      assert.equal(report.groups, 0);
    } finally {
      await s!.close();
    }
  });

  it('marks a stale answer and a truncated body', async () => {
    const [s] = await startServers(
      1,
      robotsHandler(`User-agent: *\nDisallow: /a\n${'#'.repeat(2000)}\n`),
    );
    try {
      const clock = fakeClock();
      const client = createRobotsClient({ now: clock.now, maxBytes: 1000 });
      await client.get(`${s!.origin}/`);
      s!.handle(robotsHandler('', {}, 500));
      clock.advance(2 * 86_400_000);
      const text = renderFetchText(await client.get(`${s!.origin}/`));
      assert.match(text, /bytes +1000 \(truncated/);
      assert.match(text, /fetched .*, stale/);
      assert.match(text, /the rules of an older copy apply/);
    } finally {
      await s!.close();
    }
  });

  it('shows "none (no response)" when no response came', () => {
    const text = renderFetchText({
      url: 'http://a.example/',
      origin: 'http://a.example',
      robotsUrl: 'http://a.example/robots.txt',
      status: null,
      outcome: 'disallow-all',
      reason: 'timeout',
      detail: 'no response within 10000 ms',
      redirects: [],
      finalUrl: 'http://a.example/robots.txt',
      bytes: 0,
      truncated: false,
      fetchedAt: 0,
      expiresAt: MINUTE,
      fromCache: false,
      stale: false,
      lifetime: { ttlMs: MINUTE, source: 'retry', why: 'unreachable' },
      lastError: {
        status: null,
        reason: 'timeout',
        detail: '',
        at: 0,
        retryAt: MINUTE,
        failures: 1,
      },
    });
    assert.match(text, /status +none \(no response\)/);
    assert.match(text, /last error +no response timeout/);
  });
});
