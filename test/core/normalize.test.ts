// The one percent-encoding door (RFC 9309 §2.2.2, seed 003): normalizePattern and normalizePath
// as tables, one case per row, then what reaches the matcher from bytes, then Google's escaping.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  escapeGooglePattern,
  normalizePath,
  normalizePattern,
  parse,
} from '../../src/core/index.js';

interface Row {
  name: string;
  input: string;
  expected: string;
}

/** Rows where patterns and paths normalize alike. */
const shared: Row[] = [
  // Unreserved escapes are decoded (RFC 3986 §2.3: ALPHA / DIGIT / "-" / "." / "_" / "~").
  { name: 'decodes an escaped tilde', input: '/%7Euser', expected: '/~user' },
  { name: 'decodes an escaped tilde in lower-case hex', input: '/%7euser', expected: '/~user' },
  { name: 'decodes escaped upper-case letters', input: '/%41%5A', expected: '/AZ' },
  { name: 'decodes escaped lower-case letters', input: '/%61%7a', expected: '/az' },
  { name: 'decodes escaped digits', input: '/%30%39', expected: '/09' },
  { name: 'decodes escaped - . _', input: '/%2D%2e%5F', expected: '/-._' },
  { name: 'decodes a whole escaped word', input: '/%62%61%7A', expected: '/baz' },
  // Other escapes are upper-cased, never decoded.
  { name: 'keeps %2F encoded and upper-cases it', input: '/a%2fb', expected: '/a%2Fb' },
  { name: 'keeps an upper-case %2F as it is', input: '/a%2Fb', expected: '/a%2Fb' },
  { name: 'keeps %3F (?) encoded', input: '/a%3fb', expected: '/a%3Fb' },
  { name: 'keeps %23 (#) encoded', input: '/a%23b', expected: '/a%23b' },
  { name: 'keeps %25 (%) encoded', input: '/a%25b', expected: '/a%25b' },
  { name: 'keeps %20 (space) encoded', input: '/a%20b', expected: '/a%20b' },
  {
    name: 'keeps escaped UTF-8 bytes and upper-cases them',
    input: '/caf%c3%a9',
    expected: '/caf%C3%A9',
  },
  { name: 'keeps an escaped control byte encoded', input: '/%0a', expected: '/%0A' },
  { name: 'keeps an escaped DEL encoded', input: '/%7f', expected: '/%7F' },
  { name: 'keeps an escaped byte 0xFF encoded', input: '/%ff', expected: '/%FF' },
  {
    name: 'keeps escaped reserved gen-delims encoded',
    input: '/%3a%40%5b%5d',
    expected: '/%3A%40%5B%5D',
  },
  {
    name: 'keeps escaped sub-delims encoded',
    input: '/%21%26%27%28%29%2b%2c%3b%3d',
    expected: '/%21%26%27%28%29%2B%2C%3B%3D',
  },
  // A % that starts no valid escape becomes %25.
  { name: 'escapes a % at the end', input: '/100%', expected: '/100%25' },
  { name: 'escapes a % followed by one hex digit at the end', input: '/a%4', expected: '/a%254' },
  { name: 'escapes a % followed by a non-hex character', input: '/a%g1', expected: '/a%25g1' },
  { name: 'escapes a % whose second digit is not hex', input: '/a%4g', expected: '/a%254g' },
  { name: 'escapes a % followed by another escape', input: '/%%41', expected: '/%25A' },
  { name: 'escapes a % that is the whole input', input: '%', expected: '%25' },
  // Characters that are not printable ASCII are escaped.
  { name: 'escapes a space', input: '/a b', expected: '/a%20b' },
  { name: 'escapes a tab', input: '/a\tb', expected: '/a%09b' },
  { name: 'escapes NUL', input: '/a\u0000b', expected: '/a%00b' },
  { name: 'escapes the control 0x1F', input: '/a\u001fb', expected: '/a%1Fb' },
  { name: 'escapes a line feed', input: '/a\nb', expected: '/a%0Ab' },
  { name: 'escapes DEL (0x7F)', input: '/a\u007fb', expected: '/a%7Fb' },
  { name: 'escapes U+0080 as its two UTF-8 bytes', input: '/\u0080', expected: '/%C2%80' },
  { name: 'escapes é as its two UTF-8 bytes', input: '/café', expected: '/caf%C3%A9' },
  { name: 'escapes U+07FF, the last two-byte character', input: '/\u07ff', expected: '/%DF%BF' },
  {
    name: 'escapes U+0800, the first three-byte character',
    input: '/\u0800',
    expected: '/%E0%A0%80',
  },
  { name: 'escapes € as its three UTF-8 bytes', input: '/€', expected: '/%E2%82%AC' },
  { name: 'escapes U+FFFD as its three UTF-8 bytes', input: '/\ufffd', expected: '/%EF%BF%BD' },
  { name: 'escapes U+FFFF as its three UTF-8 bytes', input: '/\uffff', expected: '/%EF%BF%BF' },
  {
    name: 'escapes a non-breaking space (not printable ASCII)',
    input: '/a\u00a0b',
    expected: '/a%C2%A0b',
  },
  { name: 'escapes CJK text', input: '/日本', expected: '/%E6%97%A5%E6%9C%AC' },
  // Surrogate pairs are one character: four UTF-8 bytes.
  {
    name: 'escapes a surrogate pair (U+1F600) as four UTF-8 bytes',
    input: '/😀',
    expected: '/%F0%9F%98%80',
  },
  {
    name: 'escapes U+10000, the first astral character',
    input: '/\u{10000}',
    expected: '/%F0%90%80%80',
  },
  { name: 'escapes U+10FFFF, the last character', input: '/\u{10ffff}', expected: '/%F4%8F%BF%BF' },
  {
    name: 'escapes two surrogate pairs in a row',
    input: '/😀😀',
    expected: '/%F0%9F%98%80%F0%9F%98%80',
  },
  // A lone surrogate is not a character: written as U+FFFD, as TextEncoder does.
  { name: 'writes a lone high surrogate as U+FFFD', input: '/\ud83d', expected: '/%EF%BF%BD' },
  {
    name: 'writes a lone high surrogate before ASCII as U+FFFD',
    input: '/\ud83dx',
    expected: '/%EF%BF%BDx',
  },
  {
    name: 'writes a lone low surrogate outside DC80–DCFF as U+FFFD',
    input: '/\ude00',
    expected: '/%EF%BF%BD',
  },
  {
    name: 'writes a reversed surrogate pair as two U+FFFD',
    input: '/\ude00\ud83d',
    expected: '/%EF%BF%BD%EF%BF%BD',
  },
  // Everything else is printable ASCII and stays as written.
  {
    name: 'keeps an already normalized path',
    input: '/a/b.html?x=1&y=2',
    expected: '/a/b.html?x=1&y=2',
  },
  { name: 'keeps reserved characters', input: "/:@!&'()+,;=?/", expected: "/:@!&'()+,;=?/" },
  { name: 'keeps letter case of the path', input: '/AbC', expected: '/AbC' },
  { name: 'keeps a literal #', input: '/a#b', expected: '/a#b' },
  { name: 'keeps the empty string empty', input: '', expected: '' },
];

describe('normalizePattern and normalizePath agree (rfc9309 §2.2.2)', () => {
  for (const row of shared) {
    it(`pattern ${row.name}: ${JSON.stringify(row.input)}`, () => {
      assert.equal(normalizePattern(row.input), row.expected);
    });
    it(`path ${row.name}: ${JSON.stringify(row.input)}`, () => {
      assert.equal(normalizePath(row.input), row.expected);
    });
  }
});

describe('normalizePattern and normalizePath differ only on * and a final $ (rfc9309 §2.2.3)', () => {
  const rows: { name: string; input: string; pattern: string; path: string }[] = [
    {
      name: 'a * is an operator in a pattern and data (%2A) in a path',
      input: '/a*b',
      pattern: '/a*b',
      path: '/a%2Ab',
    },
    {
      name: 'a final $ is an operator in a pattern and data (%24) in a path',
      input: '/a$',
      pattern: '/a$',
      path: '/a%24',
    },
    {
      name: "an inner $ is data in a pattern too, escaped like a path's",
      input: '/a$b',
      pattern: '/a%24b',
      path: '/a%24b',
    },
    { name: '%2A stays escaped in both', input: '/a%2Ab', pattern: '/a%2Ab', path: '/a%2Ab' },
    { name: '%2a is upper-cased in both', input: '/a%2ab', pattern: '/a%2Ab', path: '/a%2Ab' },
    { name: '%24 stays escaped in both', input: '/a%24', pattern: '/a%24', path: '/a%24' },
    {
      name: 'a run of * and $ in a path is all escaped',
      input: '/*$*$',
      pattern: '/*%24*$',
      path: '/%2A%24%2A%24',
    },
    {
      name: 'the pattern /*.pdf$ keeps both operators',
      input: '/*.pdf$',
      pattern: '/*.pdf$',
      path: '/%2A.pdf%24',
    },
  ];
  for (const row of rows) {
    it(`${row.name} (pattern)`, () => assert.equal(normalizePattern(row.input), row.pattern));
    it(`${row.name} (path)`, () => assert.equal(normalizePath(row.input), row.path));
  }
});

describe('normalization is idempotent (seed 003)', () => {
  const inputs = [
    ...shared.map((row) => row.input),
    '/a*b$',
    '/%2a%24',
    '/%%%',
    '/%25%2525',
    '/%7E%7e~',
    '/\ud83d\ude00\ud83d',
  ];
  for (const input of inputs) {
    it(`normalizePattern twice equals once: ${JSON.stringify(input)}`, () => {
      const once = normalizePattern(input);
      assert.equal(normalizePattern(once), once);
    });
    it(`normalizePath twice equals once: ${JSON.stringify(input)}`, () => {
      const once = normalizePath(input);
      assert.equal(normalizePath(once), once);
    });
  }
});

describe('bytes that are not UTF-8 stay their own octets (Uint8Array input)', () => {
  const encoder = new TextEncoder();
  /** A robots.txt whose only rule is `Disallow: ` followed by `value` bytes. */
  function fileWith(value: readonly number[]): Uint8Array {
    return new Uint8Array([...encoder.encode('User-agent: *\nDisallow: '), ...value, 0x0a]);
  }
  const slash = 0x2f;
  const a = 0x61;
  const rows: { name: string; bytes: number[]; normalized: string }[] = [
    { name: 'a lone 0xFF byte', bytes: [slash, a, 0xff], normalized: '/a%FF' },
    { name: 'a lone continuation byte 0x80', bytes: [slash, 0x80, a], normalized: '/%80a' },
    {
      name: 'a lead byte 0xC3 without its continuation',
      bytes: [slash, a, 0xc3],
      normalized: '/a%C3',
    },
    { name: 'a lead byte 0xC3 followed by ASCII', bytes: [slash, 0xc3, a], normalized: '/%C3a' },
    {
      name: 'an overlong encoding of "/" (C0 AF)',
      bytes: [slash, 0xc0, 0xaf],
      normalized: '/%C0%AF',
    },
    {
      name: 'an encoded surrogate (ED A0 80)',
      bytes: [slash, 0xed, 0xa0, 0x80],
      normalized: '/%ED%A0%80',
    },
    {
      name: 'a code point past U+10FFFF (F4 90 80 80)',
      bytes: [slash, 0xf4, 0x90, 0x80, 0x80],
      normalized: '/%F4%90%80%80',
    },
    {
      name: 'a truncated four-byte sequence',
      bytes: [slash, 0xf0, 0x9f, 0x98],
      normalized: '/%F0%9F%98',
    },
    {
      name: 'valid é next to an invalid byte',
      bytes: [slash, 0xff, 0xc3, 0xa9],
      normalized: '/%FF%C3%A9',
    },
    {
      name: 'an invalid byte next to a valid emoji',
      bytes: [slash, 0xf0, 0x9f, 0x98, 0x80, 0xfe],
      normalized: '/%F0%9F%98%80%FE',
    },
  ];
  for (const row of rows) {
    it(`${row.name} is kept as its octets in the normalized pattern`, () => {
      const robots = parse(fileWith(row.bytes));
      assert.equal(robots.groups.length, 1);
      assert.equal(robots.groups[0].rules[0].normalized, row.normalized);
    });
    it(`${row.name} matches the path that escapes those octets`, () => {
      const robots = parse(fileWith(row.bytes));
      assert.equal(robots.isAllowed(row.normalized, 'bot'), false);
      // The rows' letters are all lower-case, so this only lower-cases the hex digits.
      assert.equal(robots.isAllowed(row.normalized.toLowerCase(), 'bot'), false);
    });
  }

  it('an invalid byte does not match the UTF-8 escape of the character it might stand for', () => {
    // 0xFF is not ÿ (U+00FF, bytes C3 BF): reading it as Latin-1 would make them match.
    const robots = parse(fileWith([slash, a, 0xff]));
    assert.equal(robots.isAllowed('/a%C3%BF', 'bot'), true);
    assert.equal(robots.isAllowed('/aÿ', 'bot'), true);
  });

  it('an invalid byte matches its escape in lower-case hex', () => {
    const robots = parse(fileWith([slash, a, 0xff]));
    assert.equal(robots.isAllowed('/a%ff', 'bot'), false);
  });

  it('valid UTF-8 bytes and the same text as a string normalize alike', () => {
    const robots = parse(fileWith([...encoder.encode('/café/😀')]));
    assert.equal(robots.groups[0].rules[0].normalized, '/caf%C3%A9/%F0%9F%98%80');
    assert.equal(robots.isAllowed('/café/😀', 'bot'), false);
  });

  it('a lone low surrogate U+DC80–U+DCFF in a string stands for the byte it escapes (heed convention)', () => {
    assert.equal(normalizePath('/\udcff'), '/%FF');
    assert.equal(normalizePattern('/\udc80'), '/%80');
  });
});

describe('patterns in a parsed file are normalized once, at parse time', () => {
  const rows: { name: string; value: string; pattern: string; normalized: string }[] = [
    { name: 'an escaped tilde', value: '/%7euser/', pattern: '/%7euser/', normalized: '/~user/' },
    {
      name: 'a lower-case reserved escape',
      value: '/a%2fb',
      pattern: '/a%2fb',
      normalized: '/a%2Fb',
    },
    { name: 'an inner space', value: '/a b/', pattern: '/a b/', normalized: '/a%20b/' },
    { name: 'non-ASCII text', value: '/über', pattern: '/über', normalized: '/%C3%BCber' },
    { name: 'a stray %', value: '/50%off', pattern: '/50%off', normalized: '/50%25off' },
    { name: 'wildcards and anchors', value: '/*.PDF$', pattern: '/*.PDF$', normalized: '/*.PDF$' },
  ];
  for (const row of rows) {
    it(`a rule keeps ${row.name} as written and its normalized form apart`, () => {
      const rule = parse(`User-agent: *\nDisallow: ${row.value}\n`).groups[0].rules[0];
      assert.equal(rule.pattern, row.pattern);
      assert.equal(rule.normalized, row.normalized);
    });
  }
});

describe('Google escaping (google mode patterns)', () => {
  const rows: Row[] = [
    {
      name: 'escapes non-ASCII as upper-case UTF-8 escapes',
      input: '/café',
      expected: '/caf%C3%A9',
    },
    { name: 'escapes a surrogate pair as four bytes', input: '/😀', expected: '/%F0%9F%98%80' },
    { name: 'upper-cases existing escapes', input: '/%aa%2f', expected: '/%AA%2F' },
    { name: 'does not decode an unreserved escape', input: '/%7euser', expected: '/%7Euser' },
    { name: 'does not decode an upper-case unreserved escape', input: '/%41', expected: '/%41' },
    { name: 'leaves a space alone', input: '/a b', expected: '/a b' },
    { name: 'leaves a control character alone', input: '/a\tb', expected: '/a\tb' },
    { name: 'leaves DEL alone', input: '/a\u007f', expected: '/a\u007f' },
    { name: 'leaves a stray % alone', input: '/100%', expected: '/100%' },
    { name: 'leaves % with one hex digit alone', input: '/%a', expected: '/%a' },
    { name: 'leaves % with a non-hex digit alone', input: '/%ag', expected: '/%ag' },
    { name: 'leaves * and $ alone', input: '/*.pdf$', expected: '/*.pdf$' },
    { name: 'leaves an ASCII pattern unchanged', input: '/a/b?c=d', expected: '/a/b?c=d' },
    { name: 'leaves the empty pattern empty', input: '', expected: '' },
  ];
  for (const row of rows) {
    it(`${row.name}: ${JSON.stringify(row.input)}`, () => {
      assert.equal(escapeGooglePattern(row.input), row.expected);
    });
  }

  it('a google-mode rule is escaped the Google way, not normalized', () => {
    const rule = parse('User-agent: *\nDisallow: /%7eé b\n', { mode: 'google' }).groups[0].rules[0];
    assert.equal(rule.normalized, '/%7E%C3%A9 b');
  });

  it('google mode takes the URL as given: an escaped tilde does not match a literal one', () => {
    const robots = parse('User-agent: *\nDisallow: /~user/\n', { mode: 'google' });
    assert.equal(robots.isAllowed('/%7Euser/notes', 'bot'), true);
    assert.equal(robots.isAllowed('/~user/notes', 'bot'), false);
  });

  it('google mode: a non-ASCII pattern matches the upper-case escaped URL, not the raw one', () => {
    const robots = parse('User-agent: *\nDisallow: /café\n', { mode: 'google' });
    assert.equal(robots.isAllowed('/caf%C3%A9', 'bot'), false);
    assert.equal(robots.isAllowed('/café', 'bot'), true);
  });

  it('google mode: an invalid byte in a pattern is escaped as its own octet', () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('User-agent: *\nDisallow: /a'),
      0xff,
    ]);
    assert.equal(parse(bytes, { mode: 'google' }).groups[0].rules[0].normalized, '/a%FF');
  });
});
