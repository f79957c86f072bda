// The fast matcher (rule index, compiled patterns, ASCII fast path) against the plain reference
// matcher (reference-matcher.ts), decision by decision: on every real file of the shared corpus
// with realistic and rule-derived URLs, in both modes, and on generated adversarial files.
// isAllowed and explain(...).rule must both agree with the reference; any mismatch fails.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { type Mode, parse, type RobotsTxt, type RuleRef } from '../../src/core/index.js';
import { sortByKey } from '../../src/core/pattern.js';
import { scanPolicy, triePassPolicy } from '../../src/core/rule-index.js';
import { hash, random } from '../helpers/random.js';
import { corpusPaths, sharedPath } from '../helpers/shared.js';
import { type ReferenceDecision, referenceDecide } from './reference-matcher.js';

const MODES: readonly Mode[] = ['rfc', 'google'];

interface Mismatch {
  where: string;
  mode: Mode;
  url: string;
  agent: string;
  got: { allowed: boolean; compiled: boolean; explained: unknown };
  want: ReferenceDecision;
}

/**
 * One file parsed twice: `scan` answers by scanning its rules (the path for files asked
 * rarely), `compiled` always through the compiled index. Both must agree with the reference.
 */
interface Parsed {
  scan: RobotsTxt;
  compiled: RobotsTxt;
}

function parseBoth(input: string | Uint8Array, mode: Mode): Parsed {
  return { scan: parse(input, { mode }), compiled: parse(input, { mode }) };
}

const DEFAULT_POLICY = { ...scanPolicy };

/** Runs `fn` with every rule set scanned (`scan`) or compiled at once (`compiled`). */
function withPolicy<T>(path: 'scan' | 'compiled', fn: () => T): T {
  const never = path === 'scan' ? Number.POSITIVE_INFINITY : -1;
  Object.assign(scanPolicy, { always: never, maxWork: never, maxChars: never, buildAfter: never });
  try {
    return fn();
  } finally {
    Object.assign(scanPolicy, DEFAULT_POLICY);
  }
}

/** Runs `fn` with the trie pass policy changed as given. */
function withTriePass<T>(policy: Partial<typeof triePassPolicy>, fn: () => T): T {
  const saved = { ...triePassPolicy };
  Object.assign(triePassPolicy, policy);
  try {
    return fn();
  } finally {
    Object.assign(triePassPolicy, saved);
  }
}

/** Compares one decision; returns a mismatch or null. */
function compare(robots: Parsed, where: string, url: string, agent: string): Mismatch | null {
  return check(robots, where, url, agent).mismatch;
}

/** `rules` under `User-agent: *`, each path asked by `bot`: every decision agrees. */
function assertAgreesOnRules(rules: readonly string[], paths: readonly string[], mode: Mode) {
  const robots = parseBoth(['User-agent: *', ...rules].join('\n'), mode);
  for (const path of paths) {
    const mismatch = compare(robots, rules.join('\n'), path, 'bot');
    assert.equal(mismatch, null, JSON.stringify(mismatch));
  }
}

/** {@link assertAgreesOnRules} on generated rule lists and paths (reproducible by `run.seed`). */
function agreesOnGenerated(
  mode: Mode,
  rules: fc.Arbitrary<string[]>,
  paths: fc.Arbitrary<string[]>,
  run: { seed: number; numRuns: number },
): void {
  fc.assert(
    fc.property(rules, paths, (r, p) => assertAgreesOnRules(r, p, mode)),
    run,
  );
}

/** The reference decision and, when the fast matcher disagrees with it, the mismatch. */
function check(
  robots: Parsed,
  where: string,
  url: string,
  agent: string,
): { want: ReferenceDecision; mismatch: Mismatch | null } {
  const want = referenceDecide(robots.scan, url, agent);
  const allowed = withPolicy('scan', () => robots.scan.isAllowed(url, agent));
  const compiled = withPolicy('compiled', () => robots.compiled.isAllowed(url, agent));
  const explanation = robots.scan.explain(url, agent);
  const plain = (r: RuleRef) => ({
    kind: r.kind,
    pattern: r.pattern,
    normalized: r.normalized,
    line: r.line,
  });
  const rule = explanation.rule && plain(explanation.rule);
  const matches = explanation.matches.map(plain);
  const same =
    allowed === want.allowed &&
    compiled === want.allowed &&
    explanation.allowed === want.allowed &&
    explanation.reason === want.reason &&
    JSON.stringify(rule) === JSON.stringify(want.rule) &&
    JSON.stringify(matches) === JSON.stringify(want.matches);
  if (same) return { want, mismatch: null };
  const mismatch = {
    where,
    mode: robots.scan.mode,
    url,
    agent,
    got: { allowed, compiled, explained: { rule, matches, reason: explanation.reason } },
    want,
  };
  return { want, mismatch };
}

function assertNoMismatch(mismatches: Mismatch[], decisions: number): void {
  assert.deepEqual(
    mismatches.slice(0, 5),
    [],
    `${mismatches.length} of ${decisions} decisions differ from the reference matcher`,
  );
}

// ---------------------------------------------------------------------------------------------
// The real-world corpus with realistic URLs

const robotsDir = sharedPath('corpus/robots');
const corpusFiles = readdirSync(robotsDir)
  .filter((f) => f.endsWith('.txt'))
  .sort();

/** Path (with query) of each real URL, grouped by host; the URL list is a 2019 crawl. */
const { all: allPaths, byHost: pathsByHost } = corpusPaths();

const FILLERS = ['', 'x', '/a/b', 'caf\u00e9', '%2F', '%2f', '?q=1', '-', '*', '$', '%7e', '~'];
const SUFFIXES = ['', '', '', '/', 'x', '.html', '?a=b', '/deeper/page', '%20', ' ', '#frag'];

/** A path a rule's author had in mind: `*` filled in, `$` honoured or not, maybe re-spelled. */
function pathFromPattern(pattern: string, next: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  let path = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*') path += pick(FILLERS);
    else if (c === '$' && i === pattern.length - 1) {
      if (next() < 0.5) return path;
    } else path += c;
  }
  path += pick(SUFFIXES);
  const r = next();
  if (r < 0.15 && path.length > 1) {
    // Spell one character as an escape (lower- or upper-case hex).
    const at = 1 + Math.floor(next() * (path.length - 1));
    const code = path.charCodeAt(at);
    if (code < 0x80) {
      const hex = code.toString(16).padStart(2, '0');
      path = `${path.slice(0, at)}%${next() < 0.5 ? hex : hex.toUpperCase()}${path.slice(at + 1)}`;
    }
  } else if (r < 0.25) path = path.toLowerCase();
  else if (r < 0.3) path = path.slice(0, Math.max(1, path.length - 2));
  return path.startsWith('/') || next() < 0.2 ? path : '/' + path;
}

interface Question {
  url: string;
  agent: string;
}

/** The deterministic questions asked of one corpus file. */
function questionsFor(file: string, robots: RobotsTxt): Question[] {
  const next = random(hash(file));
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const host = file.slice(0, -'.txt'.length);
  const own = pathsByHost.get(host) ?? pathsByHost.get(`www.${host}`);
  const rules = robots.groups.flatMap((g) => g.rules);
  const tokens = robots.groups.flatMap((g) => g.agents.map((a) => a.value));
  const agents = ['heedbot', 'Googlebot'];
  for (let k = 0; k < 3 && tokens.length > 0; k++) {
    const token = pick(tokens);
    agents.push(next() < 0.3 ? `${token}/2.1` : next() < 0.5 ? token.toUpperCase() : token);
  }
  // Big files are slow for the reference: fewer questions keep the run short.
  const count = rules.length > 2000 ? 8 : rules.length > 300 ? 16 : 28;
  const questions: Question[] = [];
  for (let k = 0; k < count; k++) {
    let path: string;
    if (k % 2 === 0 || rules.length === 0) path = pick(own && next() < 0.7 ? own : allPaths);
    else path = pathFromPattern(pick(rules).pattern, next);
    const form = next();
    const url =
      form < 0.6
        ? `https://${host}${path.startsWith('/') ? '' : '/'}${path}`
        : form < 0.9
          ? path
          : `//${host}${path}`;
    questions.push({ url, agent: pick(agents) });
    if (next() < 0.3) questions.push({ url, agent: pick(agents) });
  }
  return questions;
}

describe('the fast matcher agrees with the reference matcher', () => {
  it('on every corpus file with realistic and rule-derived URLs, in both modes', () => {
    assert.ok(corpusFiles.length > 1900, 'the shared corpus is present');
    const mismatches: Mismatch[] = [];
    let decisions = 0;
    const reasons = new Map<string, number>();
    const outcomes = { allowed: 0, disallowed: 0 };
    for (const file of corpusFiles) {
      const bytes = new Uint8Array(readFileSync(`${robotsDir}/${file}`));
      const questions = questionsFor(file, parse(bytes));
      for (const mode of MODES) {
        const robots = parseBoth(bytes, mode);
        for (const { url, agent } of questions) {
          decisions++;
          const { want, mismatch } = check(robots, file, url, agent);
          if (mismatch) mismatches.push(mismatch);
          reasons.set(want.reason, (reasons.get(want.reason) ?? 0) + 1);
          outcomes[want.allowed ? 'allowed' : 'disallowed']++;
        }
      }
    }
    assertNoMismatch(mismatches, decisions);
    // The sample must exercise matching, not only "no rule applies".
    assert.ok(decisions > 80_000, `${decisions} decisions`);
    assert.ok((reasons.get('matched-rule') ?? 0) > decisions / 4, JSON.stringify([...reasons]));
    assert.ok(outcomes.disallowed > decisions / 10, JSON.stringify(outcomes));
  });
});

// ---------------------------------------------------------------------------------------------
// Generated files: small alphabets so that rules and paths collide often

const PATTERN_PIECES = [
  '/',
  'a',
  'b',
  'ab',
  '*',
  '**',
  '$',
  '%',
  '%2F',
  '%2f',
  '%61',
  '%7E',
  '~',
  '%',
  '\u00e9',
  '%C3%A9',
  '?',
  '=',
  'index.html',
  'index.htm',
  '.',
  ' ',
];
const PATH_PIECES = [
  '/',
  'a',
  'b',
  'ab',
  'aa',
  '*',
  '$',
  '%',
  '%2F',
  '%2f',
  '%61',
  '%7e',
  '~',
  '\u00e9',
  '%c3%a9',
  '?',
  '=',
  '#',
  ';',
  'index.html',
  '.',
  ' ',
  '\ud800',
];
const AGENTS = ['a', 'B', 'c', 'a/1.0', 'a-b', 'zz', ' a ', ''];

const pattern = fc
  .array(fc.constantFrom(...PATTERN_PIECES), { maxLength: 8 })
  .map((p) => p.join(''));
const line = fc.oneof(
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('*', 'a', 'B', 'a-b', 'c/1.0', '', '* x')
      .map((a) => `User-agent: ${a}`),
  },
  { weight: 3, arbitrary: pattern.map((p) => `Allow: ${p}`) },
  { weight: 3, arbitrary: pattern.map((p) => `Disallow: ${p}`) },
  { weight: 1, arbitrary: pattern.map((p) => `/${p}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', '# comment', 'Crawl-delay: 1', 'Sitemap: https://a/'),
  },
);
const file = fc
  .array(line, { maxLength: 14 })
  .map((lines) => ['User-agent: *', ...lines].join('\n'));
const url = fc
  .tuple(
    fc.constantFrom(
      '',
      'http://h',
      'https://h:8080',
      '//h',
      'HTTP://h',
      'https:/h',
      'httpx://h',
      'a:b://c',
      'h#x',
      'http://h#x',
      '?',
      ';',
    ),
    fc.array(fc.constantFrom(...PATH_PIECES), { maxLength: 10 }),
    fc.option(fc.array(fc.constantFrom(...PATH_PIECES), { maxLength: 4 })),
  )
  .map(
    ([origin, pieces, fragment]) =>
      origin + pieces.join('') + (fragment ? '#' + fragment.join('') : ''),
  );

/** Tiny alphabets: rules of equal length that all match, so precedence decides. */
const tieRule = fc
  .tuple(
    fc.boolean(),
    fc.array(fc.constantFrom('a', '*', 'b', '$'), { minLength: 1, maxLength: 4 }),
  )
  .map(([allow, chars]) => `${allow ? 'Allow' : 'Disallow'}: /${chars.join('')}`);
const tiePath = fc
  .array(fc.constantFrom('a', 'b', '#', '?'), { maxLength: 6 })
  .map((chars) => '/' + chars.join(''));

describe('the fast matcher agrees with the reference matcher on generated files', () => {
  for (const mode of MODES) {
    it(`random small files, ${mode} mode`, () => {
      fc.assert(
        fc.property(
          file,
          fc.array(fc.tuple(url, fc.constantFrom(...AGENTS)), { minLength: 1, maxLength: 8 }),
          (text, questions) => {
            const robots = parseBoth(text, mode);
            for (const [u, agent] of questions) {
              const mismatch = compare(robots, text, u, agent);
              assert.equal(mismatch, null, JSON.stringify(mismatch));
            }
          },
        ),
        { seed: 9309, numRuns: 3000 },
      );
    });

    it(`ties between rules of equal length, ${mode} mode`, () => {
      agreesOnGenerated(
        mode,
        fc.array(tieRule, { minLength: 2, maxLength: 12 }),
        fc.array(tiePath, { minLength: 1, maxLength: 6 }),
        { seed: 7, numRuns: 2000 },
      );
    });

    it(`many wildcard rules under one prefix (shared multi-segment search), ${mode} mode`, () => {
      // Overlapping words over a 3-letter alphabet: suffixes of each other, shared prefixes.
      const word = fc
        .array(fc.constantFrom('a', 'b', 'c'), { minLength: 1, maxLength: 4 })
        .map((w) => w.join(''));
      const rule = fc
        .tuple(
          fc.constantFrom('/', '/a', ''),
          fc.array(word, { minLength: 1, maxLength: 3 }),
          fc.constantFrom('', '$', '*'),
          fc.boolean(),
        )
        .map(
          ([prefix, words, end, allow]) =>
            `${allow ? 'Allow' : 'Disallow'}: ${prefix}*${words.join('*')}${end}`,
        );
      const path = fc
        .array(fc.constantFrom('a', 'b', 'c', 'ab', 'abc', 'cab'), { maxLength: 30 })
        .map((p) => '/' + p.join(''));
      agreesOnGenerated(
        mode,
        fc.array(rule, { minLength: 6, maxLength: 80 }),
        fc.array(path, { minLength: 1, maxLength: 6 }),
        { seed: 31, numRuns: 1500 },
      );
    });

    it(`gates: segments of regular-expression characters, at the path's start, by a fragment, ${mode} mode`, () => {
      // The gates search for segments with regular expressions: every character that means
      // something there must still match only itself, a segment may start where the path
      // does (`*/a`), and one that occurs only in the fragment matches nothing.
      const piece = fc.constantFrom(
        '.',
        '?',
        '+',
        '(',
        ')',
        '[',
        ']',
        '{',
        '}',
        '|',
        '^',
        '\\',
        'a',
        '/',
      );
      const word = fc.array(piece, { minLength: 1, maxLength: 3 }).map((w) => w.join(''));
      const rule = fc
        .tuple(
          fc.constantFrom('/', '', '/a'),
          fc.array(word, { minLength: 1, maxLength: 3 }),
          fc.constantFrom('', '$'),
          fc.boolean(),
        )
        .map(
          ([prefix, words, end, allow]) =>
            `${allow ? 'Allow' : 'Disallow'}: ${prefix}*${words.join('*')}${end}`,
        );
      const path = fc
        .tuple(fc.array(piece, { maxLength: 12 }), fc.option(fc.array(piece, { maxLength: 6 })))
        .map(
          ([p, fragment]) => `/${p.join('')}${fragment === null ? '' : `#${fragment.join('')}`}`,
        );
      agreesOnGenerated(
        mode,
        fc.array(rule, { minLength: 1, maxLength: 10 }),
        fc.array(path, { minLength: 1, maxLength: 8 }),
        { seed: 2026, numRuns: 1500 },
      );
    });

    it(`adversarial wildcard files with long paths, ${mode} mode`, () => {
      // Runs of `*a*a...`, shared prefixes, anchors, and paths that almost match.
      const segment = fc.constantFrom('a', 'aa', 'b', 'ab', 'ba', '/', '%61');
      const rule = fc
        .tuple(
          fc.constantFrom('/', '/a', '/aa', '/ab', '*', '/*', ''),
          fc.array(fc.tuple(fc.constantFrom('*', '**', ''), segment), { maxLength: 12 }),
          fc.constantFrom('', '$', '*', '*$'),
          fc.boolean(),
        )
        .map(
          ([prefix, parts, end, allow]) =>
            `${allow ? 'Allow' : 'Disallow'}: ${prefix}${parts.map(([s, t]) => s + t).join('')}${end}`,
        );
      const longPath = fc
        .tuple(
          fc.constantFrom('/', '/a', '/ab', '/b'),
          fc.array(
            fc.tuple(fc.constantFrom('a', 'b', 'ab', '/', '%61'), fc.integer({ min: 1, max: 200 })),
            { maxLength: 6 },
          ),
        )
        .map(([start, runs]) => start + runs.map(([s, n]) => s.repeat(n)).join(''));
      agreesOnGenerated(
        mode,
        fc.array(rule, { minLength: 1, maxLength: 60 }),
        fc.array(longPath, { minLength: 1, maxLength: 4 }),
        { seed: 2022, numRuns: 800 },
      );
    });

    it(`one pass over the path for a whole glob trie, forced, ${mode} mode`, () => {
      // Words that are prefixes and suffixes of one another, so occurrences overlap, one
      // position ends several words, and a word occurs many times (searched again from past
      // its first occurrence); anchored tails.
      const word = fc
        .array(fc.constantFrom('a', 'b', 'c'), { minLength: 1, maxLength: 4 })
        .map((w) => w.join(''));
      const rule = fc
        .tuple(
          fc.constantFrom('/', '/a', ''),
          fc.array(word, { minLength: 1, maxLength: 4 }),
          fc.constantFrom('', '$', '*', '*$'),
          fc.boolean(),
        )
        .map(
          ([prefix, words, end, allow]) =>
            `${allow ? 'Allow' : 'Disallow'}: ${prefix}*${words.join('*')}${end}`,
        );
      const path = fc
        .tuple(
          fc.constantFrom('/', '/a', '/b'),
          fc.array(
            fc.tuple(
              fc.constantFrom('a', 'b', 'c', 'ab', 'abc', 'cab', 'ba', '/'),
              fc.integer({ min: 1, max: 40 }),
            ),
            { maxLength: 10 },
          ),
        )
        .map(([start, runs]) => start + runs.map(([w, n]) => w.repeat(n)).join(''));
      fc.assert(
        fc.property(
          fc.array(rule, { minLength: 4, maxLength: 80 }),
          fc.array(path, { minLength: 1, maxLength: 5 }),
          (rules, paths) => {
            // Each path twice: the first decision switches to the pass, the next starts with it.
            withTriePass({ minPath: 0, switchAfter: -1 }, () =>
              assertAgreesOnRules(rules, [...paths, ...paths], mode),
            );
          },
        ),
        { seed: 4711, numRuns: 2000 },
      );
    });

    it(`pairs of short literals with long paths (the pass chosen by cost), ${mode} mode`, () => {
      // Like the bench's segment-pairs file: many first literals occur in a long path, each
      // with its own second ones, which occur mostly where a rule's literals were put.
      const next = random(77);
      const letters = 'abcdefghijklmnopqrstuvwx';
      const word = (n: number) => {
        let w = '';
        for (let i = 0; i < n; i++) w += letters[Math.floor(next() * letters.length)];
        return w;
      };
      const rules = ['User-agent: *'];
      /** Each rule's literals, back to back: a piece of path that (almost) matches it. */
      const pieces: string[] = [];
      for (let k = 0; k < 3000; k++) {
        const kind = k % 10;
        // Ranks rise with the kind: most decisions turn on which pieces the path holds.
        const literals = kind < 9 ? [word(3), word(4)] : [word(1), word(4), word(5)];
        if (kind === 8) literals.push(word(2));
        const [first, ...rest] = literals;
        const star = kind === 9 ? `/${first}*` : `/*${first}*`;
        const ending = kind === 6 || kind === 7 ? '$' : '';
        rules.push(
          `${kind < 6 || kind === 9 ? 'Disallow' : 'Allow'}: ${star}${rest.join('*')}${ending}`,
        );
        pieces.push(literals.join(''));
      }
      const robots = parseBoth(rules.join('\n'), mode);
      const mismatches: Mismatch[] = [];
      let decisions = 0;
      for (let q = 0; q < 12; q++) {
        const length = 600 + Math.floor(next() * 6000);
        let p = '/';
        for (let i = 0; i < length; i++) {
          // Now and then a rule's literals back to back (the second starts where the first
          // ends) or with their last character dropped.
          const r = next();
          if (r < 0.003) p += pieces[Math.floor(next() * pieces.length)];
          else if (r < 0.006) p += pieces[Math.floor(next() * pieces.length)].slice(0, -1);
          else p += `${letters}/`[Math.floor(next() * 25)];
        }
        if (q % 2) p += pieces[Math.floor(next() * pieces.length)];
        // Asked twice: the pass is chosen by cost, then up front.
        for (const url of [p, p, p.slice(0, 700)]) {
          decisions++;
          const mismatch = compare(robots, 'segment pairs', url, 'bot');
          if (mismatch) mismatches.push(mismatch);
        }
      }
      assertNoMismatch(mismatches, decisions);
    });
  }
});

describe('the index sorts its prefixes as the lookup compares them', () => {
  it('sortByKey orders by UTF-16 code units, like Array.prototype.sort, duplicates included', () => {
    const piece = fc.constantFrom(
      '/',
      'a',
      'b',
      'A',
      '\u00e9',
      '\u0100',
      '\uffff',
      '\ud800',
      'a'.repeat(70),
    );
    const key = fc.array(piece, { maxLength: 12 }).map((p) => p.join(''));
    fc.assert(
      fc.property(fc.array(key, { maxLength: 300 }), (keys) => {
        const order = sortByKey(keys);
        assert.deepEqual(
          Array.from(order, (i) => keys[i]),
          [...keys].sort(),
        );
        assert.equal(new Set(order).size, keys.length);
      }),
      { seed: 5, numRuns: 2000 },
    );
  });
});
