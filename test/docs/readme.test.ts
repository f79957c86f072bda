// The README's examples do what the README says they do.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parse } from '../../src/core/index.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('opens with the demo command and the test command', () => {
    const firstBlock = readme.slice(
      readme.indexOf('```sh'),
      readme.indexOf('```', readme.indexOf('```sh') + 5),
    );
    assert.match(firstBlock, /npm ci && npm run demo/);
    assert.match(firstBlock, /bash scripts\/test\.sh/);
    const ci = readFileSync(new URL('../../.ci/run', import.meta.url), 'utf8');
    assert.match(ci, /bash scripts\/test\.sh/, '.ci/run calls the README test command');
  });

  it('the ten-line example decides and explains as its comments say', () => {
    const robots = parse('User-agent: *\nDisallow: /private\nAllow: /private/press\n');
    assert.equal(robots.isAllowed('https://example.com/private/report', 'ExampleBot'), false);
    assert.equal(robots.isAllowed('/private/press/2026?page=2', 'ExampleBot/1.0'), true);
    const why = robots.explain('/private/press/2026', 'ExampleBot');
    assert.deepEqual(why.rule, {
      kind: 'allow',
      pattern: '/private/press',
      normalized: '/private/press',
      line: 3,
    });
    assert.deepEqual(
      why.matches.map((m) => [m.kind, m.line]),
      [
        ['allow', 3],
        ['disallow', 2],
      ],
    );
  });

  it('lists exactly the seven rfc deviations the compliance test expects', () => {
    const listed = [...readme.matchAll(/^\| `((?:correctness|stress)\/[^`]+)` \|/gm)].map(
      (m) => m[1],
    );
    const test = readFileSync(new URL('../core/compliance.test.ts', import.meta.url), 'utf8');
    const expected = [...test.matchAll(/^ {2}'((?:correctness|stress)\/[^']+)':/gm)].map(
      (m) => m[1],
    );
    assert.equal(listed.length, 7);
    assert.deepEqual(listed.sort(), expected.sort());
  });
});
