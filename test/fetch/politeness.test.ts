// Pacing requests by Crawl-delay, with an injected clock and sleep (no real waiting).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  createPoliteness,
  createRobotsClient,
  UnsupportedSchemeError,
} from '../../src/fetch/index.js';
import { fakeClock } from './helpers/clock.js';
import { robotsHandler, startServer } from './helpers/http.js';

function setup(delays: Record<string, number | undefined>, extra = {}) {
  const clock = fakeClock();
  const slept: number[] = [];
  const polite = createPoliteness({
    client: { crawlDelay: async (url) => delays[new URL(String(url)).host] },
    now: clock.now,
    sleep: async (ms) => {
      slept.push(ms);
    },
    ...extra,
  });
  return { clock, slept, polite };
}

describe('politeness: waiting out Crawl-delay', () => {
  it('lets the first request go at once and spaces the next by the delay', async () => {
    const { clock, slept, polite } = setup({ 'a.example': 2 });
    assert.equal(await polite.wait('https://a.example/1', 'bot'), 0);
    assert.equal(await polite.wait('https://a.example/2', 'bot'), 2000);
    clock.advance(2000);
    clock.advance(5000);
    assert.equal(await polite.wait('https://a.example/3', 'bot'), 0);
    assert.deepEqual(slept, [2000]);
  });

  it('queues concurrent callers one delay apart', async () => {
    const { polite } = setup({ 'a.example': 1 });
    const waits = await Promise.all(
      [1, 2, 3, 4].map((i) => polite.wait(`https://a.example/${i}`, 'bot')),
    );
    assert.deepEqual(waits, [0, 1000, 2000, 3000]);
  });

  it('keeps origins and agents apart', async () => {
    const { polite } = setup({ 'a.example': 10, 'b.example': 10 });
    assert.equal(await polite.wait('https://a.example/', 'bot'), 0);
    assert.equal(await polite.wait('https://b.example/', 'bot'), 0);
    assert.equal(await polite.wait('https://a.example/', 'otherbot'), 0);
    assert.equal(
      await polite.wait('http://a.example/', 'bot'),
      0,
      'http and https are two origins',
    );
    assert.equal(
      await polite.wait('https://a.example/', 'BOT'),
      10_000,
      'agents compare case-insensitively',
    );
  });

  it('uses the default delay without a Crawl-delay, and caps long delays', async () => {
    const { polite } = setup(
      { 'a.example': undefined, 'b.example': 86_400 },
      { defaultDelayMs: 500, maxDelayMs: 30_000 },
    );
    await polite.wait('https://a.example/', 'bot');
    assert.equal(await polite.wait('https://a.example/', 'bot'), 500);
    await polite.wait('https://b.example/', 'bot');
    assert.equal(await polite.wait('https://b.example/', 'bot'), 30_000);
  });

  it('rejects a URL that is not http(s)', async () => {
    const { polite } = setup({});
    await assert.rejects(polite.wait('ftp://a.example/', 'bot'), UnsupportedSchemeError);
  });

  it('reads the delay from a robots client, per agent', async () => {
    const server = await startServer(
      robotsHandler('User-agent: slowbot\nCrawl-delay: 3\nDisallow:\n\nUser-agent: *\nDisallow:\n'),
    );
    try {
      const clock = fakeClock();
      const polite = createPoliteness({
        client: createRobotsClient(),
        now: clock.now,
        sleep: async () => {},
      });
      await polite.wait(`${server.origin}/a`, 'slowbot');
      assert.equal(await polite.wait(`${server.origin}/b`, 'slowbot'), 3000);
      await polite.wait(`${server.origin}/a`, 'fastbot');
      assert.equal(await polite.wait(`${server.origin}/b`, 'fastbot'), 0);
    } finally {
      await server.close();
    }
  });
});
