// Property tests (fast-check, bounded runs): normalization is idempotent and yields one alphabet,
// and its in-place checks agree with it;
// parse, isAllowed and explain are total; re-spelling an unreserved character as its escape
// never changes an rfc decision; explain agrees with isAllowed; bytes and strings read alike.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { type Mode, normalizePath, normalizePattern, parse } from '../../src/core/index.js';
import {
  escapeGooglePattern,
  isGoogleEscapedPattern,
  isNormalizedPath,
  isNormalizedPattern,
  normalizedPathEnd,
} from '../../src/core/normalize.js';
import { classify, type DirectiveKind, readLines } from '../../src/core/parse-lines.js';

const RUNS = 500;
const MODES: Mode[] = ['rfc', 'google'];

/** Characters that exercise every branch of normalization and matching. */
const PATH_CHARS = [
  '/',
  '/',
  'a',
  'b',
  'A',
  'z',
  '0',
  '9',
  '~',
  '-',
  '.',
  '_',
  '%',
  '%',
  '2',
  '4',
  'a',
  'A',
  'f',
  'F',
  '7',
  'e',
  'E',
  'g',
  '*',
  '$',
  '?',
  '=',
  '&',
  ';',
  '#',
  ':',
  ' ',
  '\t',
  '\u007f',
  '\u0000',
  'é',
  '€',
  '😀',
  '\ud83d',
  '\ude00',
];
const pathChar = fc.constantFrom(...PATH_CHARS);
/** Text built from PATH_CHARS; may hold any mix of escapes, operators and non-ASCII. */
const pathText = fc.string({ unit: pathChar, maxLength: 24 });
const path = pathText.map((s) => '/' + s);
/** A rule value: mostly paths, sometimes empty or with operators at the ends. */
const pattern = fc.oneof(
  path,
  pathText,
  fc.constant(''),
  path.map((p) => p + '$'),
  pathText.map((p) => '/*' + p),
);
const agentName = fc.constantFrom(
  '*',
  'a',
  'A',
  'b',
  'bot',
  'Bot-x',
  'MJ12bot',
  'a/1.0',
  '1x',
  '* x',
  '',
);
const robotsLine = fc.oneof(
  { weight: 3, arbitrary: agentName.map((a) => `User-agent: ${a}`) },
  { weight: 5, arbitrary: pattern.map((p) => `Disallow: ${p}`) },
  { weight: 5, arbitrary: pattern.map((p) => `Allow: ${p}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      '# comment',
      'Crawl-delay: 2',
      'Sitemap: https://e.example/s',
      'Foo: bar',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('Disallow /x', 'disalow: /x', 'useragent: a', ': x', 'x'),
  },
  {
    // Google's index.htm(l) reading, and rules that tie on length.
    weight: 1,
    arbitrary: fc.constantFrom(
      'Allow: /d/index.html',
      'Allow: /index.htm',
      'Disallow: /d/',
      'Allow: /d/$',
      'Disallow: /%64/',
      'Allow: /*/index.html$',
    ),
  },
);
const lineEnd = fc.constantFrom('\n', '\r\n', '\r');
const robotsLines = fc.array(fc.tuple(robotsLine, lineEnd), { minLength: 1, maxLength: 14 });
/** A robots.txt of random but mostly meaningful lines, usually opening with a User-agent line. */
const robotsText = fc
  .oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(agentName, robotsLines)
        .map(([a, ls]) => [[`User-agent: ${a}`, '\n'], ...ls]),
    },
    { weight: 1, arbitrary: robotsLines },
  )
  .map((ls) => ls.map(([l, e]) => l + e).join(''));
const callerAgent = fc.constantFrom(
  'a',
  'A',
  'b',
  'bot',
  'Bot-x',
  'MJ',
  'MJ12bot',
  'a/1.0',
  'other',
  '',
  'x y',
);
/** An agent the file probably names: one of its User-agent values, or any caller. */
function agentNear(text: string) {
  const values = [...text.matchAll(/^User-agent: ([^\r\n]*)/gm)].map((m) => m[1]);
  return values.length === 0
    ? callerAgent
    : fc.oneof(
        { weight: 1, arbitrary: callerAgent },
        { weight: 3, arbitrary: fc.constantFrom(...values) },
      );
}
/** A path some rule of `text` is likely to match: a rule value with its operators filled in. */
function pathNear(text: string) {
  const values = [...text.matchAll(/^(?:Allow|Disallow): ([^#\r\n]*)/gm)].map((m) => m[1].trim());
  if (values.length === 0) return path;
  return fc.oneof(
    { weight: 1, arbitrary: path },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...values), pathText, pathText)
        .map(([value, filler, tail]) => {
          const body = value.replace(/\$$/, '').replaceAll('*', filler);
          return (body.startsWith('/') ? body : '/' + body) + (value.endsWith('$') ? '' : tail);
        }),
    },
  );
}
/** A robots.txt, a path its rules probably decide and an agent it probably names. */
const scenario = robotsText.chain((text) =>
  fc.tuple(fc.constant(text), pathNear(text), agentNear(text)),
);
/** A URL to decide: a path, or the same path as an absolute URL, sometimes with a fragment. */
const url = fc.oneof(
  path,
  path.map((p) => `https://e.example${p}`),
  path.map((p) => `http://e.example:8080${p}#frag`),
  fc.constantFrom('/robots.txt', '/%72obots.txt', 'https://e.example', '', '?q', '//e.example/a'),
);
/** A robots.txt, a URL near its rules or anywhere, and an agent. */
const scenarioWithUrl = fc.oneof(
  scenario,
  scenario.map(([text, p, agent]) => [text, `https://e.example${p}#f`, agent] as const),
  fc.tuple(robotsText, url, callerAgent),
);

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
/** RFC 9309 §2.2.2 output alphabet: printable ASCII, `%` only in upper-case escapes. */
const NORMAL_FORM = /^(?:[!-$&-~]|%[0-9A-F]{2})*$/;

/** `s` with the unreserved characters chosen by `mask` spelled as %XX, hex case chosen by `upper`. */
function respell(s: string, mask: readonly boolean[], upper: readonly boolean[]): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    // A character inside an existing escape (one or two places after a %) is part of it.
    const insideEscape = s[i - 1] === '%' || s[i - 2] === '%';
    if (mask[i % mask.length] && UNRESERVED.test(c) && !insideEscape) {
      const hex = c.charCodeAt(0).toString(16).padStart(2, '0');
      out += '%' + (upper[i % upper.length] ? hex.toUpperCase() : hex.toLowerCase());
    } else out += c;
  }
  return out;
}

const bits = fc.array(fc.boolean(), { minLength: 1, maxLength: 8 });

describe('normalization properties', () => {
  const inputs = [
    ['random UTF-16 strings', fc.string({ unit: 'binary', maxLength: 40 })],
    ['strings of escapes, operators and non-ASCII', pathText],
  ] as const;
  for (const [name, input] of inputs) {
    it(`normalizePattern is idempotent on ${name}`, () => {
      fc.assert(
        fc.property(input, (s) => {
          const once = normalizePattern(s);
          assert.equal(normalizePattern(once), once);
        }),
        { numRuns: RUNS },
      );
    });

    it(`normalizePath is idempotent on ${name}`, () => {
      fc.assert(
        fc.property(input, (s) => {
          const once = normalizePath(s);
          assert.equal(normalizePath(once), once);
        }),
        { numRuns: RUNS },
      );
    });

    it(`normalized forms are printable ASCII with only upper-case escapes, on ${name}`, () => {
      fc.assert(
        fc.property(input, (s) => {
          assert.match(normalizePattern(s), NORMAL_FORM);
          assert.match(normalizePath(s), NORMAL_FORM);
        }),
        { numRuns: RUNS },
      );
    });

    it(`a normalized path has no * or $ operator left, on ${name}`, () => {
      fc.assert(
        fc.property(input, (s) => {
          assert.doesNotMatch(normalizePath(s), /[*$]/);
        }),
        { numRuns: RUNS },
      );
    });

    it(`the in-place checks see what they say, and then rewriting changes nothing, on ${name}`, () => {
      // The parser and matcher ask these where a pattern or path stands, text on either side
      // (for a parsed pattern: white space, `#` or nothing after it). Each is a fast check of
      // a definition written here as a plain regular expression.
      const keptEscape = '%(?:[0189A-F][0-9A-F]|2[0-9A-CF]|3[A-F]|40|5[B-E]|60|7[B-DF])';
      const checks = [
        [isNormalizedPattern, new RegExp(`^(?:[!-#&-~]|${keptEscape})*\\$?$`), normalizePattern],
        [isNormalizedPath, new RegExp(`^(?:[!-#&-)+-~]|${keptEscape})*$`), normalizePath],
        [isGoogleEscapedPattern, /^(?:[\x00-$&-\x7f]|%[0-9A-F]{2})*$/, escapeGooglePattern],
      ] as const;
      fc.assert(
        fc.property(
          input,
          input,
          fc.constantFrom('', ' ', '\t', '#', '\n'),
          (before, pattern, after) => {
            const s = before + pattern + after;
            const [start, end] = [before.length, before.length + pattern.length];
            for (const [check, definition, rewrite] of checks) {
              const kept = check(s, start, end);
              assert.equal(
                kept,
                definition.test(pattern),
                `${check.name}(${JSON.stringify(pattern)})`,
              );
              if (kept) assert.equal(rewrite(pattern), pattern);
            }
          },
        ),
        { numRuns: RUNS },
      );
    });

    it(`a URL's path end and normalized state come from one run, on ${name}`, () => {
      fc.assert(
        fc.property(input, fc.constantFrom('', '#', '#frag', '#%zz'), (path, fragment) => {
          const s = `https://h${path}${fragment}`;
          const start = 9;
          // The path ends at its first `#`, the fragment's.
          const hash = path.indexOf('#');
          const end = start + (hash >= 0 ? hash : path.length);
          const expected = isNormalizedPath(s, start, end) ? end : -1;
          assert.equal(normalizedPathEnd(s, start), expected);
        }),
        { numRuns: RUNS },
      );
    });

    it(`the in-place checks never read past their range, on ${name}`, () => {
      // Any text may follow (an escape may seem to go on past the end): a check that says
      // yes is still right about the range alone.
      fc.assert(
        fc.property(input, input, input, (before, pattern, after) => {
          const s = before + pattern + after;
          const [start, end] = [before.length, before.length + pattern.length];
          if (isNormalizedPattern(s, start, end)) assert.equal(normalizePattern(pattern), pattern);
          if (isNormalizedPath(s, start, end)) assert.equal(normalizePath(pattern), pattern);
          if (isGoogleEscapedPattern(s, start, end)) {
            assert.equal(escapeGooglePattern(pattern), pattern);
          }
        }),
        { numRuns: RUNS },
      );
    });

    it(`normalization never leaves an escape of an unreserved character, on ${name}`, () => {
      fc.assert(
        fc.property(input, (s) => {
          for (const form of [normalizePattern(s), normalizePath(s)]) {
            for (const [, hex] of form.matchAll(/%([0-9A-F]{2})/g)) {
              assert.doesNotMatch(String.fromCharCode(Number.parseInt(hex, 16)), UNRESERVED, form);
            }
          }
        }),
        { numRuns: RUNS },
      );
    });
  }

  it('an escape cut off by the end of the range is not read whole', () => {
    // `/a%2A` holds a kept escape, but its first four characters end in a bare `%2`.
    const s = '/a%2A';
    assert.equal(isNormalizedPattern(s, 0, 4), false);
    assert.equal(isNormalizedPath(s, 0, 4), false);
    assert.equal(isGoogleEscapedPattern(s, 0, 4), false);
    assert.equal(isNormalizedPattern('/a%2A#', 0, 5), true);
    assert.equal(isNormalizedPath('/a%2A#', 0, 5), true);
  });

  it('re-spelling unreserved characters as escapes does not change the normalized form', () => {
    fc.assert(
      fc.property(pathText, bits, bits, (s, mask, upper) => {
        const respelled = respell(s, mask, upper);
        assert.equal(normalizePath(respelled), normalizePath(s));
        assert.equal(normalizePattern(respelled), normalizePattern(s));
      }),
      { numRuns: RUNS },
    );
  });
});

describe('totality: nothing throws', () => {
  for (const mode of MODES) {
    it(`${mode}: parse never throws on random bytes`, () => {
      fc.assert(
        fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
          parse(bytes, { mode });
        }),
        { numRuns: RUNS },
      );
    });

    it(`${mode}: parse never throws on random bytes with a small cap`, () => {
      fc.assert(
        fc.property(fc.uint8Array({ maxLength: 120 }), fc.nat({ max: 130 }), (bytes, maxBytes) => {
          const robots = parse(bytes, { mode, maxBytes });
          assert.equal(robots.truncated, bytes.length > maxBytes);
        }),
        { numRuns: RUNS },
      );
    });

    it(`${mode}: parse never throws on random strings`, () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
          parse(text, { mode });
        }),
        { numRuns: RUNS },
      );
    });

    it(`${mode}: parse never throws on robots-like text, and its diagnostics stay in the file`, () => {
      fc.assert(
        fc.property(robotsText, (text) => {
          const robots = parse(text, { mode });
          for (const d of robots.diagnostics) {
            assert.ok(Number.isInteger(d.line) && d.line >= 0 && d.line <= robots.lineCount);
            assert.ok(['error', 'warning', 'info'].includes(d.severity));
          }
        }),
        { numRuns: RUNS },
      );
    });

    it(`${mode}: isAllowed, explain, crawlDelay and extensions never throw on random URLs and agents`, () => {
      fc.assert(
        fc.property(
          robotsText,
          fc.oneof(url, fc.string({ unit: 'binary', maxLength: 40 }), fc.webUrl()),
          fc.oneof(callerAgent, fc.string({ unit: 'binary', maxLength: 12 })),
          (text, target, agent) => {
            const robots = parse(text, { mode });
            const allowed = robots.isAllowed(target, agent);
            assert.equal(typeof allowed, 'boolean');
            robots.explain(target, agent);
            robots.crawlDelay(agent);
            robots.extensions(agent);
          },
        ),
        { numRuns: RUNS },
      );
    });
  }
});

describe('line reading', () => {
  // Keys as files spell them: every directive in any case, Google's typos, near misses that
  // only start like a key, and keys padded with white space before their colon.
  const keyWord = fc.constantFrom(
    'User-agent',
    'user-agent',
    'USER-AGENT',
    'Allow',
    'allow',
    'Disallow',
    'DISALLOW',
    'Sitemap',
    'Crawl-delay',
    'crawl-delay',
    'useragent',
    'user agent',
    'disalow',
    'Disallowed',
    'Allowance',
    'Sitemaps',
    'Crawl',
    'c',
    'a',
    'foo',
    '',
  );
  const blank = fc.constantFrom('', ' ', '\t', ' \t', '\v', '\f');
  const valueText = fc.constantFrom(
    '',
    '/x',
    '/a b',
    '*',
    '/p:q',
    'http://e.example/s',
    '/#x',
    '/a$',
    '/a!b"c',
    '/%41',
    '/caf\u00e9',
    '/\u0000',
    '/\u007f',
  );
  const colonLine = fc
    .tuple(blank, keyWord, blank, fc.constantFrom(':', '::'), blank, valueText, blank)
    .map((parts) => parts.join(''));
  const text = fc
    .array(fc.tuple(fc.oneof(colonLine, keyWord), lineEnd), { minLength: 1, maxLength: 12 })
    .map((ls) => ls.map(([l, e]) => l + e).join(''));

  /** Every line's reading, as `line kind key value` or `line unreadable problem`. */
  function readAll(source: string, mode: Mode): Map<number, string> {
    const out = new Map<number, string>();
    const directive = (
      line: number,
      kind: DirectiveKind,
      keyStart: number,
      keyEnd: number,
      valueStart: number,
      valueEnd: number,
      missingColon: boolean,
    ) => {
      const key = source.slice(keyStart, keyEnd);
      const value = source.slice(valueStart, valueEnd);
      out.set(line, `${kind} ${JSON.stringify(key)} ${JSON.stringify(value)} ${missingColon}`);
    };
    readLines(source, mode, {
      directive,
      plainRule(line, kind, keyStart, keyEnd, valueStart, valueEnd) {
        // What the reader vouches for: no normalization, in either mode, would rewrite it.
        assert.ok(isNormalizedPattern(source, valueStart, valueEnd));
        assert.ok(isGoogleEscapedPattern(source, valueStart, valueEnd));
        directive(line, kind, keyStart, keyEnd, valueStart, valueEnd, false);
      },
      unreadable(line, problem) {
        out.set(line, `unreadable ${problem}`);
      },
    });
    return out;
  }

  /** The reading of RFC 9309 §2.2 written plainly, for lines that have a colon. */
  function readPlainly(source: string, mode: Mode): Map<number, string> {
    const out = new Map<number, string>();
    const trim = (t: string) => t.replace(/^[ \t\v\f]+|[ \t\v\f]+$/g, '');
    source.split(/\r\n|\r|\n/).forEach((raw, i) => {
      // Google-compatible: a NUL ends the line.
      const line = mode === 'google' ? raw.split('\0')[0] : raw;
      const content = trim(line.split('#')[0]);
      const colon = content.indexOf(':');
      if (colon < 0) return;
      const key = trim(content.slice(0, colon));
      const value = trim(content.slice(colon + 1));
      out.set(
        i + 1,
        key === ''
          ? 'unreadable empty-key'
          : `${classify(key, 0, key.length, mode)} ${JSON.stringify(key)} ${JSON.stringify(value)} false`,
      );
    });
    return out;
  }

  for (const mode of MODES) {
    it(`${mode}: a line with a colon is read as key, colon, value, however its key is spelled`, () => {
      fc.assert(
        fc.property(text, (source) => {
          const read = readAll(source, mode);
          for (const [line, reading] of readPlainly(source, mode)) {
            assert.equal(read.get(line), reading, `line ${line} of ${JSON.stringify(source)}`);
          }
        }),
        { numRuns: RUNS },
      );
    });
  }
});

describe('sitemaps', () => {
  it('rfc lists a Sitemap exactly when the WHATWG URL parser reads it (the fast path agrees)', () => {
    // Hosts of labels, numbers (IPv4 or not), punycode, ports, odd characters and non-ASCII.
    const part = fc.constantFrom(
      ...['a', 'B', 'z', '0', '1', '9', '80', '255', '256', '99999', '1.2', '0x1', 'xn--', 'XN--'],
      ...['-', '.', '..', '/', '?', ':', '%', '\\', '[', ']', '@', '_', '~', '\u00e9', '\u4e2d'],
    );
    const parses = (url: string) => {
      try {
        new URL(url);
        return true;
      } catch {
        return false;
      }
    };
    fc.assert(
      fc.property(
        fc.constantFrom('http://', 'https://', 'HTTP://'),
        fc.array(part, { maxLength: 10 }),
        (scheme, parts) => {
          const url = scheme + parts.join('');
          assert.equal(parse(`Sitemap: ${url}`).sitemaps.length === 1, parses(url), url);
        },
      ),
      { numRuns: 5000, seed: 11 },
    );
  });
});

describe('decisions', () => {
  for (const mode of MODES) {
    it(`${mode}: explain().allowed === isAllowed()`, () => {
      fc.assert(
        fc.property(scenarioWithUrl, ([text, target, agent]) => {
          const robots = parse(text, { mode });
          assert.equal(robots.explain(target, agent).allowed, robots.isAllowed(target, agent));
        }),
        { numRuns: RUNS * 2 },
      );
    });

    it(`${mode}: the rule explain reports matches its verdict and belongs to a selected group`, () => {
      fc.assert(
        fc.property(scenarioWithUrl, ([text, target, agent]) => {
          const explanation = parse(text, { mode }).explain(target, agent);
          if (explanation.rule === null) {
            assert.equal(explanation.allowed, true);
            return;
          }
          const { kind, line, pattern } = explanation.rule;
          assert.equal(explanation.allowed, kind === 'allow');
          assert.equal(explanation.matches[0], explanation.rule);
          const lengths = explanation.matches.map((r) => r.normalized.length);
          assert.deepEqual(
            lengths,
            [...lengths].sort((x, y) => y - x),
          );
          assert.equal(explanation.reason, 'matched-rule');
          assert.ok(
            explanation.groups.some((g) =>
              g.rules.some((r) => r.line === line && r.pattern === pattern),
            ),
          );
        }),
        { numRuns: RUNS },
      );
    });

    it(`${mode}: a file given as UTF-8 bytes decides like the same file as a string`, () => {
      // Well-formed text only: a lone surrogate has no UTF-8 bytes.
      const wellFormed = scenarioWithUrl.filter(([t]) => !/\p{Surrogate}/u.test(t));
      fc.assert(
        fc.property(wellFormed, ([text, target, agent]) => {
          const fromString = parse(text, { mode });
          const fromBytes = parse(new TextEncoder().encode(text), { mode });
          assert.equal(fromBytes.isAllowed(target, agent), fromString.isAllowed(target, agent));
          assert.deepEqual(
            fromBytes.explain(target, agent).rule,
            fromString.explain(target, agent).rule,
          );
        }),
        { numRuns: RUNS },
      );
    });
  }

  it('rfc: re-spelling unreserved characters of the path as %XX never changes the decision', () => {
    fc.assert(
      fc.property(scenario, bits, bits, ([text, target, agent], mask, upper) => {
        const robots = parse(text);
        const respelled = respell(target, mask, upper);
        assert.equal(
          robots.isAllowed(respelled, agent),
          robots.isAllowed(target, agent),
          respelled,
        );
        assert.equal(
          robots.explain(respelled, agent).rule?.line,
          robots.explain(target, agent).rule?.line,
        );
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('rfc: re-spelling unreserved characters of the rules as %XX never changes the decision', () => {
    fc.assert(
      fc.property(scenario, bits, bits, ([text, target, agent], mask, upper) => {
        // Only the rule values are re-spelled: keys and agents keep their spelling.
        const respelledText = text.replace(
          /^((?:Allow|Disallow): )(.*)$/gm,
          (_, key: string, value: string) => key + respell(value, mask, upper),
        );
        const original = parse(text);
        const respelled = parse(respelledText);
        assert.equal(
          respelled.isAllowed(target, agent),
          original.isAllowed(target, agent),
          respelledText,
        );
        assert.equal(
          respelled.explain(target, agent).rule?.line,
          original.explain(target, agent).rule?.line,
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('rfc: /robots.txt in any spelling is allowed, whatever the file says', () => {
    const robotsSpelling = fc
      .tuple(bits, bits)
      .map(([mask, upper]) => respell('/robots.txt', mask, upper));
    fc.assert(
      fc.property(robotsText, robotsSpelling, callerAgent, (text, target, agent) => {
        const robots = parse(text + '\nUser-agent: *\nDisallow: /\n');
        assert.equal(robots.isAllowed(target, agent), true, target);
      }),
      { numRuns: RUNS },
    );
  });
});
