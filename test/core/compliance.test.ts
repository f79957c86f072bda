// Google's public compliance suite (../shared/compliance, 400 cases) run as data.
// google mode must agree with every case; rfc mode with every standard case except seven where
// RFC 9309's text decides otherwise (README, "Deliberate deviations").

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from '../../src/core/index.js';
import { caseBody, complianceCases } from '../helpers/shared.js';

const cases = complianceCases();

/** Standard cases where RFC 9309 decides differently from Google's reference, with the reason. */
const RFC_DEVIATIONS: Record<string, string> = {
  'correctness/non-ascii-paths#2.2':
    'a raw non-ASCII path is compared by its UTF-8 escapes (§2.2.2)',
  'correctness/non-ascii-paths#3.2':
    'a raw non-ASCII path is compared by its UTF-8 escapes (§2.2.2)',
  'correctness/non-ascii-paths#4.1':
    '%62%61%7A is an escape of unreserved characters: "baz" (§2.2.2)',
  'stress/327748#1.6': '/robots.txt is implicitly allowed (§2.2.2)',
  'stress/369883#1.6': '/robots.txt is implicitly allowed (§2.2.2)',
  'stress/369883#1.10': '/robots.txt is implicitly allowed (§2.2.2)',
  'stress/860237#1.10': '/robots.txt is implicitly allowed (§2.2.2)',
};

function decide(c: (typeof cases)[number], mode: 'rfc' | 'google') {
  const robots = parse(caseBody(c), { mode });
  const allowed = robots.isAllowed(c.url, c.useragent);
  assert.equal(
    robots.explain(c.url, c.useragent).allowed,
    allowed,
    'explain agrees with isAllowed',
  );
  return allowed ? 'allowed' : 'disallowed';
}

describe('Google compliance suite', () => {
  it('has the 400 cases it is documented to have', () => {
    assert.equal(cases.length, 400);
    assert.equal(cases.filter((c) => c.suite === 'standard').length, 378);
  });

  describe('google mode agrees with every case', () => {
    for (const c of cases) {
      it(`${c.suite} ${c.id}`, () => assert.equal(decide(c, 'google'), c.expected));
    }
  });

  describe('rfc mode agrees with every standard case but the documented deviations', () => {
    for (const c of cases.filter((c) => c.suite === 'standard')) {
      const deviation = RFC_DEVIATIONS[c.id];
      if (deviation) {
        it(`${c.id} decides otherwise: ${deviation}`, () => {
          assert.notEqual(decide(c, 'rfc'), c.expected);
        });
      } else {
        it(c.id, () => assert.equal(decide(c, 'rfc'), c.expected));
      }
    }
    it('every documented deviation is a standard case of the suite', () => {
      const ids = new Set(cases.map((c) => c.id));
      for (const id of Object.keys(RFC_DEVIATIONS)) assert.ok(ids.has(id), id);
    });
  });
});
