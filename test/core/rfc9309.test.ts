// The examples RFC 9309 itself gives (§2.2.2 and §2.2.3 tables, §5.1 and §5.2), one row each,
// decided in rfc mode.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalizePath, normalizePattern, parse } from '../../src/core/index.js';

const lines = (...l: string[]) => l.join('\n');

describe('rfc9309 §2.2.2: percent-encoding table', () => {
  // "Path" -> "Path to Match": the rows where both sides read the same under §2.2.2's rules.
  const rows: { name: string; path: string; toMatch: string }[] = [
    {
      name: 'a plain path with a query is matched as is',
      path: '/foo/bar?baz=quz',
      toMatch: '/foo/bar?baz=quz',
    },
    {
      name: 'U+30C4 is matched as its UTF-8 escapes',
      path: '/foo/bar/\u30c4',
      toMatch: '/foo/bar/%E3%83%84',
    },
    {
      name: 'escapes of non-ASCII octets stay escaped',
      path: '/foo/bar/%E3%83%84',
      toMatch: '/foo/bar/%E3%83%84',
    },
    {
      name: 'escapes of unreserved characters are decoded',
      path: '/foo/bar/%62%61%7A',
      toMatch: '/foo/bar/baz',
    },
  ];
  for (const row of rows) {
    it(`${row.name}: ${row.path}`, () => {
      assert.equal(normalizePath(row.path), row.toMatch);
      assert.equal(normalizePattern(row.path), row.toMatch);
    });
    it(`${row.name}: a rule written ${row.path} matches the URI ${row.toMatch}`, () => {
      const robots = parse(lines('User-agent: *', `Disallow: ${row.path}`));
      assert.equal(robots.isAllowed(`https://www.example.com${row.toMatch}`, 'bot'), false);
    });
  }

  it('the /robots.txt URI is implicitly allowed', () => {
    const robots = parse(lines('User-agent: *', 'Disallow: /', 'Disallow: /robots.txt'));
    assert.equal(robots.isAllowed('https://www.example.com/robots.txt', 'bot'), true);
  });

  it('no match means allowed', () => {
    assert.equal(parse(lines('User-agent: *', 'Disallow: /x')).isAllowed('/y', 'bot'), true);
  });
});

describe('rfc9309 §2.2.3: special characters', () => {
  const rows: { name: string; pattern: string; uri: string; allowed: boolean }[] = [
    {
      name: '%2A in a pattern matches a literal * in the URI',
      pattern: '/path/file-with-a-%2A.html',
      uri: 'https://www.example.com/path/file-with-a-*.html',
      allowed: false,
    },
    {
      name: '%24 in a pattern matches a literal $ in the URI',
      pattern: '/path/foo-%24',
      uri: 'https://www.example.com/path/foo-$',
      allowed: false,
    },
    {
      name: '%2A in a pattern is not a wildcard',
      pattern: '/path/file-with-a-%2A.html',
      uri: 'https://www.example.com/path/file-with-a-x.html',
      allowed: true,
    },
    {
      name: '%24 in a pattern is not an anchor',
      pattern: '/path/foo-%24',
      uri: 'https://www.example.com/path/foo-',
      allowed: true,
    },
    {
      name: '* designates any sequence, including /',
      pattern: '/a*z',
      uri: '/a/b/z',
      allowed: false,
    },
    {
      name: '$ designates the end of the match pattern',
      pattern: '/a$',
      uri: '/a/',
      allowed: true,
    },
    { name: '# starts a comment', pattern: '/a#/b', uri: '/a/c', allowed: false },
  ];
  for (const row of rows) {
    it(`${row.name}: ${row.pattern} vs ${row.uri}`, () => {
      const robots = parse(lines('User-agent: *', `Disallow: ${row.pattern}`));
      assert.equal(robots.isAllowed(row.uri, 'bot'), row.allowed);
    });
  }
});

describe('rfc9309 §5.1: simple example', () => {
  const example = lines(
    'User-Agent: *',
    'Disallow: *.gif$',
    'Disallow: /example/',
    'Allow: /publications/',
    '',
    'User-Agent: foobot',
    'Disallow:/',
    'Allow:/example/page.html',
    'Allow:/example/allowed.gif',
    '',
    'User-Agent: barbot',
    'User-Agent: bazbot',
    'Disallow: /example/page.html',
    '',
    'User-Agent: quxbot',
    '',
    'EOF',
  );
  const rows: { agent: string; path: string; allowed: boolean }[] = [
    { agent: 'otherbot', path: '/publications/paper', allowed: true },
    { agent: 'otherbot', path: '/example/x', allowed: false },
    { agent: 'otherbot', path: '/images/a.gif', allowed: false },
    { agent: 'otherbot', path: '/images/a.gif?x', allowed: true },
    { agent: 'otherbot', path: '/publications/a.gif', allowed: true }, // /publications/ is longer than *.gif$
    { agent: 'otherbot', path: '/index.html', allowed: true },
    { agent: 'foobot', path: '/example/page.html', allowed: true },
    { agent: 'foobot', path: '/example/allowed.gif', allowed: true },
    { agent: 'foobot', path: '/example/other.html', allowed: false },
    { agent: 'foobot', path: '/', allowed: false },
    { agent: 'FOOBOT', path: '/example/page.html', allowed: true },
    { agent: 'barbot', path: '/example/page.html', allowed: false },
    { agent: 'bazbot', path: '/example/page.html', allowed: false },
    { agent: 'barbot', path: '/example/other.html', allowed: true },
    { agent: 'bazbot', path: '/images/a.gif', allowed: true },
    { agent: 'quxbot', path: '/example/page.html', allowed: true },
    { agent: 'quxbot', path: '/images/a.gif', allowed: true },
  ];
  for (const row of rows) {
    it(`${row.agent} ${row.allowed ? 'may' : 'may not'} fetch ${row.path}`, () => {
      assert.equal(parse(example).isAllowed(row.path, row.agent), row.allowed);
    });
  }

  it('the trailing "EOF" line is skipped with a diagnostic', () => {
    const robots = parse(example);
    assert.ok(robots.diagnostics.some((d) => d.line === 17));
  });
});

describe('rfc9309 §5.2: longest match', () => {
  const example = lines(
    'User-Agent: foobot',
    'Allow: /example/page/',
    'Disallow: /example/page/disallowed.gif',
  );
  const rows: { path: string; allowed: boolean }[] = [
    { path: '/example/page/', allowed: true },
    { path: '/example/page/other.gif', allowed: true },
    { path: '/example/page/disallowed.gif', allowed: false },
  ];
  for (const row of rows) {
    it(`foobot ${row.allowed ? 'may' : 'may not'} fetch ${row.path}`, () => {
      assert.equal(parse(example).isAllowed(row.path, 'foobot'), row.allowed);
    });
  }
});
