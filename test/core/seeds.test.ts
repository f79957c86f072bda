// Every concrete example of the seeds (../shared/seeds/*.txt) as a table row, grouped by seed.
// Where a seed contradicts RFC 9309 the row tests the RFC and its name says so; where a seed
// makes a checkable claim (line numbers, lengths) the row checks the claim itself.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalizePath, normalizePattern, parse } from '../../src/core/index.js';

interface DecisionRow {
  name: string;
  robots: string;
  agent: string;
  url: string;
  allowed: boolean;
}

function runDecisions(rows: readonly DecisionRow[]): void {
  for (const row of rows) {
    it(row.name, () => {
      const robots = parse(row.robots);
      assert.equal(robots.isAllowed(row.url, row.agent), row.allowed);
      assert.equal(robots.explain(row.url, row.agent).allowed, row.allowed, 'explain agrees');
    });
  }
}

const lines = (...l: string[]) => l.join('\n');

describe('seed 000: robots.txt parser behaviours', () => {
  const prefixFile = lines('User-agent: *', 'Disallow: /private');
  const anchorFile = lines('User-agent: *', 'Disallow: /*.php$');
  runDecisions([
    // Literal matching: the pattern is compared against the beginning of the path.
    {
      name: 'a pattern matches a path that begins with it',
      robots: prefixFile,
      agent: 'bot',
      url: '/private/file.html',
      allowed: false,
    },
    {
      name: 'a pattern does not match a path that only contains it later',
      robots: prefixFile,
      agent: 'bot',
      url: '/public/private',
      allowed: true,
    },
    {
      name: 'pattern comparison is case-sensitive',
      robots: prefixFile,
      agent: 'bot',
      url: '/Private/file.html',
      allowed: true,
    },
    // Percent-encoding: the seed says %2F is decoded; RFC 9309 §2.2.2 keeps reserved octets encoded.
    {
      name: 'Disallow: /a/ does not match /a%2Fb (RFC 9309 §2.2.2; the seed would decode %2F)',
      robots: lines('User-agent: *', 'Disallow: /a/'),
      agent: 'bot',
      url: '/a%2Fb',
      allowed: true,
    },
    {
      name: 'Disallow: /a%2Fb does not match /a/b (RFC 9309 §2.2.2; the seed would decode %2F)',
      robots: lines('User-agent: *', 'Disallow: /a%2Fb'),
      agent: 'bot',
      url: '/a/b',
      allowed: true,
    },
    {
      name: 'Disallow: /a%2Fb matches /a%2fb: reserved escapes compare case-insensitively',
      robots: lines('User-agent: *', 'Disallow: /a%2Fb'),
      agent: 'bot',
      url: '/a%2fb',
      allowed: false,
    },
    // Wildcards.
    {
      name: '* matches any sequence of characters',
      robots: lines('User-agent: *', 'Disallow: /a*z'),
      agent: 'bot',
      url: '/a/b/c/z',
      allowed: false,
    },
    {
      name: '* matches zero characters',
      robots: lines('User-agent: *', 'Disallow: /a*z'),
      agent: 'bot',
      url: '/az',
      allowed: false,
    },
    {
      name: '* does not make the rest of the pattern optional',
      robots: lines('User-agent: *', 'Disallow: /a*z'),
      agent: 'bot',
      url: '/a/b/c',
      allowed: true,
    },
    // End-of-path anchoring.
    {
      name: '$ matches a path that ends with the pattern',
      robots: anchorFile,
      agent: 'bot',
      url: '/index.php',
      allowed: false,
    },
    {
      name: '$ does not match when more follows the pattern (ignoring $ would block it)',
      robots: anchorFile,
      agent: 'bot',
      url: '/index.php5',
      allowed: true,
    },
    {
      name: '$ does not match when a query follows the pattern',
      robots: anchorFile,
      agent: 'bot',
      url: '/index.php?x=1',
      allowed: true,
    },
    // Empty Disallow.
    {
      name: 'an empty Disallow grants full access to its group',
      robots: lines('User-agent: *', 'Disallow:'),
      agent: 'bot',
      url: '/anything',
      allowed: true,
    },
    {
      name: 'an empty Disallow grants full access even to /',
      robots: lines('User-agent: *', 'Disallow:'),
      agent: 'bot',
      url: '/',
      allowed: true,
    },
    // Precedence.
    {
      name: 'the longest matching pattern wins: a longer Allow beats a shorter Disallow',
      robots: lines('User-agent: *', 'Disallow: /shop', 'Allow: /shop/sale'),
      agent: 'bot',
      url: '/shop/sale/1',
      allowed: true,
    },
    {
      name: 'the longest matching pattern wins: a longer Disallow beats a shorter Allow',
      robots: lines('User-agent: *', 'Allow: /shop', 'Disallow: /shop/cart'),
      agent: 'bot',
      url: '/shop/cart/1',
      allowed: false,
    },
    {
      name: 'the longest pattern wins regardless of the order of the lines',
      robots: lines('User-agent: *', 'Allow: /shop/sale', 'Disallow: /shop'),
      agent: 'bot',
      url: '/shop/sale/1',
      allowed: true,
    },
    {
      name: 'Allow overrides Disallow when both have equal length (Allow written second)',
      robots: lines('User-agent: *', 'Disallow: /page', 'Allow: /page'),
      agent: 'bot',
      url: '/page',
      allowed: true,
    },
    {
      name: 'Allow overrides Disallow when both have equal length (Allow written first)',
      robots: lines('User-agent: *', 'Allow: /page', 'Disallow: /page'),
      agent: 'bot',
      url: '/page',
      allowed: true,
    },
    {
      name: 'Allow overrides Disallow on equal length with wildcards (/a*c vs /ab*)',
      robots: lines('User-agent: *', 'Disallow: /ab*', 'Allow: /a*c'),
      agent: 'bot',
      url: '/abc',
      allowed: true,
    },
    // Group isolation and fallback.
    {
      name: 'rules of one User-agent group do not apply to another crawler',
      robots: lines('User-agent: a', 'Disallow: /x', '', 'User-agent: b', 'Disallow: /y'),
      agent: 'b',
      url: '/x',
      allowed: true,
    },
    {
      name: 'User-agent: * is the fallback for a crawler without its own group',
      robots: lines('User-agent: a', 'Disallow: /x', '', 'User-agent: *', 'Disallow: /y'),
      agent: 'c',
      url: '/y',
      allowed: false,
    },
    {
      name: 'rules under User-agent: * do not leak into a named group',
      robots: lines('User-agent: a', 'Disallow: /x', '', 'User-agent: *', 'Disallow: /y'),
      agent: 'a',
      url: '/y',
      allowed: true,
    },
    {
      name: 'a named group with no Disallow still shields its crawler from the * group',
      robots: lines('User-agent: a', 'Allow: /', '', 'User-agent: *', 'Disallow: /'),
      agent: 'a',
      url: '/page',
      allowed: true,
    },
    // Duplicate groups.
    {
      name: 'duplicate groups for one agent are merged: rules of the first group apply',
      robots: lines(
        'User-agent: a',
        'Disallow: /x',
        'User-agent: b',
        'Disallow: /',
        'User-agent: a',
        'Disallow: /y',
      ),
      agent: 'a',
      url: '/x',
      allowed: false,
    },
    {
      name: 'duplicate groups for one agent are merged: later rules are appended',
      robots: lines(
        'User-agent: a',
        'Disallow: /x',
        'User-agent: b',
        'Disallow: /',
        'User-agent: a',
        'Disallow: /y',
      ),
      agent: 'a',
      url: '/y',
      allowed: false,
    },
    {
      name: 'duplicate groups for one agent are merged: the other group stays apart',
      robots: lines(
        'User-agent: a',
        'Disallow: /x',
        'User-agent: b',
        'Disallow: /',
        'User-agent: a',
        'Disallow: /y',
      ),
      agent: 'a',
      url: '/z',
      allowed: true,
    },
    // Malformed files.
    {
      name: 'an unknown directive (Visit-time:) is ignored and later rules still apply',
      robots: lines('User-agent: *', 'Visit-time: 0600-0845', 'Disallow: /x'),
      agent: 'bot',
      url: '/x',
      allowed: false,
    },
    {
      name: 'a line without a colon is skipped and does not act as a rule',
      robots: lines('User-agent: *', 'Disallow /', 'Disallow: /x'),
      agent: 'bot',
      url: '/y',
      allowed: true,
    },
    {
      name: 'a line without a colon is skipped and the lines after it still apply',
      robots: lines('User-agent: *', 'Disallow /', 'Disallow: /x'),
      agent: 'bot',
      url: '/x',
      allowed: false,
    },
    // Common errors.
    {
      name: 'User-agent matching is case-insensitive (file upper-case, caller lower-case)',
      robots: lines('User-agent: GOOGLEBOT', 'Disallow: /'),
      agent: 'googlebot',
      url: '/x',
      allowed: false,
    },
    {
      name: 'User-agent matching is case-insensitive (file lower-case, caller mixed case)',
      robots: lines('User-agent: googlebot', 'Disallow: /'),
      agent: 'GoogleBot',
      url: '/x',
      allowed: false,
    },
    {
      name: 'patterns are not regular expressions: . is a literal dot',
      robots: lines('User-agent: *', 'Disallow: /a.b'),
      agent: 'bot',
      url: '/axb',
      allowed: true,
    },
    {
      name: 'patterns are not regular expressions: + and ? are literal',
      robots: lines('User-agent: *', 'Disallow: /a+?'),
      agent: 'bot',
      url: '/a',
      allowed: true,
    },
    {
      name: 'patterns are not regular expressions: ^ and [] are literal',
      robots: lines('User-agent: *', 'Disallow: /[a]^'),
      agent: 'bot',
      url: '/[a]^/x',
      allowed: false,
    },
    {
      name: 'Disallow: / blocks the root page',
      robots: lines('User-agent: *', 'Disallow: /'),
      agent: 'bot',
      url: '/',
      allowed: false,
    },
    {
      name: 'Disallow: / blocks the entire site, not just the root page',
      robots: lines('User-agent: *', 'Disallow: /'),
      agent: 'bot',
      url: '/deep/page.html?q=1',
      allowed: false,
    },
    // Group structure.
    {
      name: 'directives after a User-agent line belong to its group until the next one',
      robots: lines(
        'User-agent: a',
        'Disallow: /x',
        'Disallow: /y',
        'User-agent: b',
        'Disallow: /z',
      ),
      agent: 'a',
      url: '/z',
      allowed: true,
    },
    {
      name: 'multiple User-agent lines share one directive block (first agent)',
      robots: lines('User-agent: a', 'User-agent: b', 'Disallow: /x'),
      agent: 'a',
      url: '/x',
      allowed: false,
    },
    {
      name: 'multiple User-agent lines share one directive block (second agent)',
      robots: lines('User-agent: a', 'User-agent: b', 'Disallow: /x'),
      agent: 'b',
      url: '/x',
      allowed: false,
    },
    {
      name: 'a Crawl-delay does not change access decisions',
      robots: lines('User-agent: *', 'Crawl-delay: 10'),
      agent: 'bot',
      url: '/x',
      allowed: true,
    },
    {
      name: 'a Sitemap is a hint, not an access rule: its URL stays allowed',
      robots: lines(
        'User-agent: *',
        'Disallow: /private',
        'Sitemap: https://example.com/private/sitemap.xml',
      ),
      agent: 'bot',
      url: '/sitemap.xml',
      allowed: true,
    },
  ]);

  const crawlDelays: { name: string; robots: string; agent: string; delay: number | undefined }[] =
    [
      {
        name: 'Crawl-delay gives the minimum delay in seconds',
        robots: lines('User-agent: *', 'Crawl-delay: 10'),
        agent: 'bot',
        delay: 10,
      },
      {
        name: 'a non-numeric Crawl-delay is ignored',
        robots: lines('User-agent: *', 'Crawl-delay: soon'),
        agent: 'bot',
        delay: undefined,
      },
      {
        name: 'the first valid Crawl-delay is used when there are several',
        robots: lines('User-agent: *', 'Crawl-delay: 5', 'Crawl-delay: 1'),
        agent: 'bot',
        delay: 5,
      },
      {
        name: 'an invalid Crawl-delay is skipped in favour of the next valid one',
        robots: lines('User-agent: *', 'Crawl-delay: fast', 'Crawl-delay: 3'),
        agent: 'bot',
        delay: 3,
      },
      {
        name: 'the first valid Crawl-delay across merged groups for the same bot is used',
        robots: lines(
          'User-agent: a',
          'Crawl-delay: 7',
          'User-agent: b',
          'Crawl-delay: 1',
          'User-agent: a',
          'Crawl-delay: 2',
        ),
        agent: 'a',
        delay: 7,
      },
    ];
  for (const row of crawlDelays) {
    it(row.name, () => assert.equal(parse(row.robots).crawlDelay(row.agent), row.delay));
  }

  it('Sitemap lines are global, all collected, in file order', () => {
    const robots = parse(
      lines(
        'Sitemap: https://example.com/a.xml',
        'User-agent: a',
        'Disallow: /x',
        'Sitemap: http://example.com/b.xml',
        'User-agent: *',
        'Sitemap: https://example.com/c.xml',
      ),
    );
    assert.deepEqual(robots.sitemaps, [
      'https://example.com/a.xml',
      'http://example.com/b.xml',
      'https://example.com/c.xml',
    ]);
  });

  it('a Sitemap that is not an absolute http(s) URL is not collected', () => {
    const robots = parse(
      lines(
        'Sitemap: /sitemap.xml',
        'Sitemap: ftp://example.com/s.xml',
        'Sitemap: https://example.com/s.xml',
      ),
    );
    assert.deepEqual(robots.sitemaps, ['https://example.com/s.xml']);
  });

  it('a Sitemap between a User-agent line and its rules does not end the group', () => {
    const robots = parse(
      lines('User-agent: a', 'Sitemap: https://example.com/s.xml', 'Disallow: /x'),
    );
    assert.equal(robots.isAllowed('/x', 'a'), false);
  });
});

describe('seed 001: robots.txt fundamentals', () => {
  describe('pattern matching syntax', () => {
    const prefix = lines('User-agent: *', 'Disallow: /admin');
    const slash = lines('User-agent: *', 'Disallow: /admin/');
    const wildcard = lines('User-agent: *', 'Disallow: /products/*?color=');
    const anchor = lines('User-agent: *', 'Disallow: /*.pdf$');
    runDecisions([
      {
        name: 'Disallow: /admin matches /admin',
        robots: prefix,
        agent: 'bot',
        url: '/admin',
        allowed: false,
      },
      {
        name: 'Disallow: /admin matches /admin/',
        robots: prefix,
        agent: 'bot',
        url: '/admin/',
        allowed: false,
      },
      {
        name: 'Disallow: /admin matches /admin.html',
        robots: prefix,
        agent: 'bot',
        url: '/admin.html',
        allowed: false,
      },
      {
        name: 'Disallow: /admin matches /administrator/dashboard',
        robots: prefix,
        agent: 'bot',
        url: '/administrator/dashboard',
        allowed: false,
      },
      {
        name: 'Disallow: /admin/ matches /admin/',
        robots: slash,
        agent: 'bot',
        url: '/admin/',
        allowed: false,
      },
      {
        name: 'Disallow: /admin/ matches /admin/users',
        robots: slash,
        agent: 'bot',
        url: '/admin/users',
        allowed: false,
      },
      {
        name: 'Disallow: /admin/ matches /admin/settings',
        robots: slash,
        agent: 'bot',
        url: '/admin/settings',
        allowed: false,
      },
      {
        name: 'Disallow: /admin/ does not match /admin.html',
        robots: slash,
        agent: 'bot',
        url: '/admin.html',
        allowed: true,
      },
      {
        name: 'Disallow: /admin/ does not match /administrator',
        robots: slash,
        agent: 'bot',
        url: '/administrator',
        allowed: true,
      },
      {
        name: 'Disallow: /admin/ does not match /admin (no trailing slash)',
        robots: slash,
        agent: 'bot',
        url: '/admin',
        allowed: true,
      },
      {
        name: 'Disallow: /products/*?color= matches /products/shoes?color=red',
        robots: wildcard,
        agent: 'bot',
        url: '/products/shoes?color=red',
        allowed: false,
      },
      {
        name: 'Disallow: /products/*?color= does not match /products/shirts?size=m&color=blue (the seed says it does, but "?color=" never occurs in that URL)',
        robots: wildcard,
        agent: 'bot',
        url: '/products/shirts?size=m&color=blue',
        allowed: true,
      },
      {
        name: 'Disallow: /products/*?color= matches /products/shirts?color=blue&size=m',
        robots: wildcard,
        agent: 'bot',
        url: '/products/shirts?color=blue&size=m',
        allowed: false,
      },
      {
        name: 'Disallow: /products/*?color= does not match /products/shoes?size=m',
        robots: wildcard,
        agent: 'bot',
        url: '/products/shoes?size=m',
        allowed: true,
      },
      {
        name: 'Disallow: /*.pdf$ matches /docs/guide.pdf',
        robots: anchor,
        agent: 'bot',
        url: '/docs/guide.pdf',
        allowed: false,
      },
      {
        name: 'Disallow: /*.pdf$ matches /downloads/whitepaper.pdf',
        robots: anchor,
        agent: 'bot',
        url: '/downloads/whitepaper.pdf',
        allowed: false,
      },
      {
        name: 'Disallow: /*.pdf$ does not match /docs/guide.pdf?token=123',
        robots: anchor,
        agent: 'bot',
        url: '/docs/guide.pdf?token=123',
        allowed: true,
      },
    ]);
  });

  describe('order of precedence and specificity', () => {
    const robots = lines(
      'User-agent: Googlebot',
      'Disallow: /profiles/              # Length = 10 chars',
      'Allow: /profiles/public/          # Length = 17 chars (WINS for /profiles/public/user-123)',
    );
    runDecisions([
      {
        name: '/profiles/private/abc is blocked by Disallow: /profiles/',
        robots,
        agent: 'Googlebot',
        url: '/profiles/private/abc',
        allowed: false,
      },
      {
        name: '/profiles/public/abc is allowed by the longer Allow: /profiles/public/',
        robots,
        agent: 'Googlebot',
        url: '/profiles/public/abc',
        allowed: true,
      },
      {
        name: '/profiles/public/user-123 is allowed by the longer Allow: /profiles/public/',
        robots,
        agent: 'Googlebot',
        url: '/profiles/public/user-123',
        allowed: true,
      },
    ]);

    const lengths: { name: string; url: string; pattern: string; length: number; line: number }[] =
      [
        {
          name: 'the claimed length of /profiles/ (10) is its normalized length',
          url: '/profiles/private/abc',
          pattern: '/profiles/',
          length: 10,
          line: 2,
        },
        {
          name: 'the claimed length of /profiles/public/ (17) is its normalized length',
          url: '/profiles/public/user-123',
          pattern: '/profiles/public/',
          length: 17,
          line: 3,
        },
      ];
    for (const row of lengths) {
      it(row.name, () => {
        const rule = parse(robots).explain(row.url, 'Googlebot').rule;
        assert.ok(rule);
        assert.equal(rule.pattern, row.pattern, 'the trailing comment is not part of the pattern');
        assert.equal(rule.normalized.length, row.length);
        assert.equal(rule.line, row.line);
      });
    }
  });

  describe('user-agent grouping hierarchy', () => {
    const robots = lines(
      'User-agent: Googlebot',
      'Disallow: /google-specific-block/',
      '',
      'User-agent: *',
      'Disallow: /general-block/',
    );
    runDecisions([
      {
        name: 'Googlebot obeys its own block',
        robots,
        agent: 'Googlebot',
        url: '/google-specific-block/x',
        allowed: false,
      },
      {
        name: 'Googlebot ignores the User-agent: * block completely',
        robots,
        agent: 'Googlebot',
        url: '/general-block/x',
        allowed: true,
      },
      {
        name: 'another crawler obeys the User-agent: * block',
        robots,
        agent: 'Bingbot',
        url: '/general-block/x',
        allowed: false,
      },
      {
        name: "another crawler ignores Googlebot's block",
        robots,
        agent: 'Bingbot',
        url: '/google-specific-block/x',
        allowed: true,
      },
    ]);
  });

  describe('controlling AI crawlers', () => {
    const robots = lines(
      '# Search Engine Crawlers (Permitted for SEO discovery)',
      'User-agent: Googlebot',
      'User-agent: Bingbot',
      'Allow: /',
      '',
      '# AI Data Scrapers (Restricted from proprietary data)',
      'User-agent: GPTBot',
      'User-agent: CCBot',
      'User-agent: Anthropic-ai',
      'User-agent: ClaudeBot',
      'Disallow: /',
    );
    const rows: DecisionRow[] = [];
    for (const agent of ['Googlebot', 'Bingbot']) {
      rows.push({
        name: `${agent} may crawl the site`,
        robots,
        agent,
        url: '/articles/1',
        allowed: true,
      });
    }
    for (const agent of ['GPTBot', 'CCBot', 'Anthropic-ai', 'ClaudeBot']) {
      rows.push({
        name: `${agent} may not crawl the site`,
        robots,
        agent,
        url: '/articles/1',
        allowed: false,
      });
    }
    rows.push({
      name: 'a crawler named in neither group may crawl (there is no * group)',
      robots,
      agent: 'OtherBot',
      url: '/articles/1',
      allowed: true,
    });
    runDecisions(rows);
  });

  describe('crawl budget rules', () => {
    const robots = lines(
      'User-agent: *',
      'Disallow: /search',
      'Disallow: /*?*sort=',
      'Disallow: /*?*filter=',
    );
    runDecisions([
      {
        name: 'internal search URLs are blocked',
        robots,
        agent: 'bot',
        url: '/search?q=shoes',
        allowed: false,
      },
      {
        name: 'faceted filters with sort= in the query are blocked',
        robots,
        agent: 'bot',
        url: '/shoes?color=red&size=xl&sort=price_asc&discount=true',
        allowed: false,
      },
      {
        name: 'a filter= parameter in the query is blocked',
        robots,
        agent: 'bot',
        url: '/shoes?filter=red',
        allowed: false,
      },
      {
        name: 'sort= outside the query is not blocked by /*?*sort=',
        robots,
        agent: 'bot',
        url: '/sort=price',
        allowed: true,
      },
      {
        name: 'calendar links are not blocked by these three rules (the seed lists them as waste only)',
        robots,
        agent: 'bot',
        url: '/calendar?month=04&year=2049',
        allowed: true,
      },
      {
        name: 'preview parameters are not blocked by these three rules (the seed lists them as waste only)',
        robots,
        agent: 'bot',
        url: '/page?preview=true&token=abc',
        allowed: true,
      },
    ]);
  });

  describe('production enterprise robots.txt, line by line', () => {
    const enterprise = lines(
      '# ==============================================================================',
      '# Enterprise robots.txt Protocol Definition (RFC 9309)',
      '# Host: https://www.enterprise-platform.example.com',
      '# ==============================================================================',
      '',
      '# Global Rules for All Crawlers',
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /checkout/',
      'Disallow: /account/',
      'Disallow: /search',
      'Disallow: /*?*sort=',
      'Disallow: /*?*session_id=',
      'Allow: /api/public/docs/',
      '',
      '# Explicit Directives for Googlebot',
      'User-agent: Googlebot',
      'Disallow: /checkout/',
      'Disallow: /account/',
      'Disallow: /internal-search/',
      'Allow: /public/',
      'Allow: /*.js$',
      'Allow: /*.css$',
      '',
      '# Restrict Aggressive AI Model Training Scrapers',
      'User-agent: GPTBot',
      'User-agent: CCBot',
      'User-agent: Google-Extended',
      'Disallow: /',
      '',
      '# Authoritative XML Sitemap Endpoints',
      'Sitemap: https://www.enterprise-platform.example.com/sitemap_index.xml',
      'Sitemap: https://www.enterprise-platform.example.com/news_sitemap.xml',
    );
    const robots = parse(enterprise);

    const decisions: {
      name: string;
      agent: string;
      url: string;
      allowed: boolean;
      line: number | null;
    }[] = [
      {
        name: '*: /api/ is blocked (raw JSON payloads)',
        agent: 'bot',
        url: '/api/v1/users',
        allowed: false,
        line: 8,
      },
      {
        name: '*: /checkout/ is blocked',
        agent: 'bot',
        url: '/checkout/cart',
        allowed: false,
        line: 9,
      },
      {
        name: '*: /account/ is blocked',
        agent: 'bot',
        url: '/account/settings',
        allowed: false,
        line: 10,
      },
      { name: '*: /search is blocked', agent: 'bot', url: '/search?q=x', allowed: false, line: 11 },
      {
        name: '*: a sort= query is blocked',
        agent: 'bot',
        url: '/list?sort=asc',
        allowed: false,
        line: 12,
      },
      {
        name: '*: a session_id= query is blocked',
        agent: 'bot',
        url: '/list?a=1&session_id=9',
        allowed: false,
        line: 13,
      },
      {
        name: '*: Allow: /api/public/docs/ carves out the API documentation (its line is 14, one past the seed\'s "lines 7–13")',
        agent: 'bot',
        url: '/api/public/docs/index.html',
        allowed: true,
        line: 14,
      },
      {
        name: '*: the rest of /api/public/ stays blocked',
        agent: 'bot',
        url: '/api/public/keys',
        allowed: false,
        line: 8,
      },
      {
        name: '*: other pages are allowed',
        agent: 'bot',
        url: '/products/1',
        allowed: true,
        line: null,
      },
      {
        name: 'Googlebot: /*.js$ allows scripts (line 22)',
        agent: 'Googlebot',
        url: '/assets/app.js',
        allowed: true,
        line: 22,
      },
      {
        name: 'Googlebot: /*.css$ allows stylesheets (line 23)',
        agent: 'Googlebot',
        url: '/assets/site.css',
        allowed: true,
        line: 23,
      },
      {
        name: 'Googlebot: /*.js$ does not beat the longer Disallow: /checkout/ (the seed overstates "explicitly allows")',
        agent: 'Googlebot',
        url: '/checkout/app.js',
        allowed: false,
        line: 18,
      },
      {
        name: 'Googlebot: /*.js$ does not allow a script with a query',
        agent: 'Googlebot',
        url: '/checkout/app.js?v=2',
        allowed: false,
        line: 18,
      },
      {
        name: 'Googlebot: /internal-search/ is blocked',
        agent: 'Googlebot',
        url: '/internal-search/q',
        allowed: false,
        line: 20,
      },
      {
        name: 'Googlebot: /api/ is allowed, because the * group does not apply to it',
        agent: 'Googlebot',
        url: '/api/v1/users',
        allowed: true,
        line: null,
      },
      {
        name: 'Googlebot: /search is allowed, because the * group does not apply to it',
        agent: 'Googlebot',
        url: '/search?q=x',
        allowed: true,
        line: null,
      },
      {
        name: 'Googlebot: /public/ is allowed by line 21',
        agent: 'Googlebot',
        url: '/public/page',
        allowed: true,
        line: 21,
      },
      {
        name: 'GPTBot is blocked everywhere (line 29)',
        agent: 'GPTBot',
        url: '/public/page',
        allowed: false,
        line: 29,
      },
      {
        name: 'CCBot is blocked everywhere (line 29)',
        agent: 'CCBot',
        url: '/',
        allowed: false,
        line: 29,
      },
      {
        name: 'Google-Extended is blocked everywhere (line 29)',
        agent: 'Google-Extended',
        url: '/assets/app.js',
        allowed: false,
        line: 29,
      },
      {
        name: 'Googlebot is not Google-Extended: it keeps its own group',
        agent: 'Googlebot',
        url: '/products/1',
        allowed: true,
        line: null,
      },
    ];
    for (const row of decisions) {
      it(row.name, () => {
        assert.equal(robots.isAllowed(row.url, row.agent), row.allowed);
        const explanation = robots.explain(row.url, row.agent);
        assert.equal(explanation.allowed, row.allowed);
        assert.equal(explanation.rule?.line ?? null, row.line);
      });
    }

    const groupLines: { name: string; agent: string; line: number }[] = [
      { name: 'the * group starts on line 7', agent: 'bot', line: 7 },
      {
        name: 'the Googlebot group starts on line 17 (the seed counts its comment, line 16)',
        agent: 'Googlebot',
        line: 17,
      },
      {
        name: 'the GPTBot/CCBot/Google-Extended group starts on line 26',
        agent: 'CCBot',
        line: 26,
      },
    ];
    for (const row of groupLines) {
      it(row.name, () => {
        const { groups } = robots.explain('/', row.agent);
        assert.deepEqual(
          groups.map((g) => g.line),
          [row.line],
        );
      });
    }

    it('the file has three groups', () => assert.equal(robots.groups.length, 3));

    it('the GPTBot group ends on line 29 (the seed says 26–30; line 30 is blank)', () => {
      const group = robots.groups[2];
      assert.deepEqual(
        group.agents.map((a) => a.line),
        [26, 27, 28],
      );
      assert.deepEqual(
        group.rules.map((r) => r.line),
        [29],
      );
    });

    it('the sitemaps of lines 32–33 are collected in order', () => {
      assert.deepEqual(robots.sitemaps, [
        'https://www.enterprise-platform.example.com/sitemap_index.xml',
        'https://www.enterprise-platform.example.com/news_sitemap.xml',
      ]);
    });

    it('the file parses without warnings or errors', () => {
      assert.deepEqual(
        robots.diagnostics.filter((d) => d.severity !== 'info'),
        [],
      );
    });
  });

  describe('mandatory protocol rules', () => {
    it('directive names are case-insensitive', () => {
      const robots = parse(lines('USER-AGENT: *', 'DISALLOW: /x', 'aLLoW: /x/y'));
      assert.equal(robots.isAllowed('/x', 'bot'), false);
      assert.equal(robots.isAllowed('/x/y', 'bot'), true);
    });

    it('path patterns are case-sensitive', () => {
      const robots = parse(lines('User-agent: *', 'Disallow: /Admin'));
      assert.equal(robots.isAllowed('/admin', 'bot'), true);
      assert.equal(robots.isAllowed('/Admin', 'bot'), false);
    });

    it('content beyond 500 KiB (512,000 bytes) is ignored', () => {
      const head = 'User-agent: *\n';
      const filler = '#'.repeat(512_000 - head.length - 1) + '\n';
      const robots = parse(head + filler + 'Disallow: /late\n');
      assert.equal(robots.isAllowed('/late', 'bot'), true);
      assert.equal(robots.truncated, true);
    });

    it('content up to 500 KiB (512,000 bytes) is read', () => {
      const head = 'User-agent: *\n';
      const rule = 'Disallow: /late';
      const filler = '#'.repeat(512_000 - head.length - rule.length - 1) + '\n';
      const robots = parse(head + filler + rule);
      assert.equal(robots.truncated, false);
      assert.equal(robots.isAllowed('/late', 'bot'), false);
    });
  });
});

describe('seed 002: RobotsTxt quick start', () => {
  const quickStart = lines(
    'User-agent: *',
    'Disallow: /private',
    'Allow: /private/preview',
    'Sitemap: https://example.com/sitemap.xml',
    '',
  );

  it('allowed?(ExampleBot, /private/report) is false', () => {
    assert.equal(parse(quickStart).isAllowed('/private/report', 'ExampleBot'), false);
  });

  it('matched_rule(ExampleBot, /private/preview) is {allow, "/private/preview", 3}', () => {
    const { rule } = parse(quickStart).explain('/private/preview', 'ExampleBot');
    assert.ok(rule);
    assert.deepEqual([rule.kind, rule.pattern, rule.line], ['allow', '/private/preview', 3]);
  });

  it('sitemaps are ["https://example.com/sitemap.xml"]', () => {
    assert.deepEqual(parse(quickStart).sitemaps, ['https://example.com/sitemap.xml']);
  });

  it('a path no rule matches is decided by no rule (matched_rule is :default)', () => {
    const explanation = parse(quickStart).explain('/public', 'ExampleBot');
    assert.equal(explanation.rule, null);
    assert.equal(explanation.allowed, true);
  });

  describe('escaped-path contract', () => {
    const robots = parse(lines('User-agent: *', 'Disallow: /a/b'));
    const rows: { name: string; url: string; allowed: boolean }[] = [
      { name: '/a/b is matched by Disallow: /a/b', url: '/a/b', allowed: false },
      { name: '/a%2Fb stays distinct from /a/b', url: '/a%2Fb', allowed: true },
      { name: 'the fragment is ignored', url: '/a/b#top', allowed: false },
      {
        name: 'the scheme, host and port of an absolute URL are ignored',
        url: 'https://other.example:8443/a/b',
        allowed: false,
      },
      { name: 'the query is part of the matched path', url: '/a?/b', allowed: true },
    ];
    for (const row of rows) {
      it(row.name, () => assert.equal(robots.isAllowed(row.url, 'bot'), row.allowed));
    }

    it('a missing path is treated as /', () => {
      const rootOnly = parse(lines('User-agent: *', 'Disallow: /$'));
      assert.equal(rootOnly.isAllowed('https://example.com', 'bot'), false);
      assert.equal(rootOnly.explain('https://example.com', 'bot').path, '/');
    });
  });

  it('unknown directive names are lower-cased and keep file order', () => {
    const robots = parse(
      lines('Host: example.com', 'Clean-Param: ref', 'User-agent: *', 'Disallow: /'),
    );
    assert.deepEqual(
      robots.extensions().map((e) => [e.name, e.value, e.line]),
      [
        ['host', 'example.com', 1],
        ['clean-param', 'ref', 2],
      ],
    );
  });
});

describe('seed 003: one path, many spellings', () => {
  runDecisions([
    {
      name: 'Disallow: /~user/ catches /%7euser/notes (lower-case hex, encoded tilde)',
      robots: lines('User-agent: *', 'Disallow: /~user/'),
      agent: 'bot',
      url: '/%7euser/notes',
      allowed: false,
    },
    {
      name: 'Disallow: /~user/ catches /%7Euser/notes',
      robots: lines('User-agent: *', 'Disallow: /~user/'),
      agent: 'bot',
      url: '/%7Euser/notes',
      allowed: false,
    },
    {
      name: 'Disallow: /%7Euser/ catches /~user/notes',
      robots: lines('User-agent: *', 'Disallow: /%7Euser/'),
      agent: 'bot',
      url: '/~user/notes',
      allowed: false,
    },
    {
      name: 'Disallow: /a/ does not match /a%2Fb: an encoded slash is no segment boundary',
      robots: lines('User-agent: *', 'Disallow: /a/'),
      agent: 'bot',
      url: '/a%2Fb',
      allowed: true,
    },
    {
      name: 'Disallow: /a/ still matches /a/b',
      robots: lines('User-agent: *', 'Disallow: /a/'),
      agent: 'bot',
      url: '/a/b',
      allowed: false,
    },
    {
      name: '/%72obots.txt gets the /robots.txt exemption too',
      robots: lines('User-agent: *', 'Disallow: /'),
      agent: 'bot',
      url: '/%72obots.txt',
      allowed: true,
    },
    {
      name: '/robots.txt is always allowed, even under Disallow: /',
      robots: lines('User-agent: *', 'Disallow: /'),
      agent: 'bot',
      url: '/robots.txt',
      allowed: true,
    },
    {
      name: 'an empty Disallow: matches nothing (not every path)',
      robots: lines('User-agent: *', 'Disallow:', 'Disallow: /x'),
      agent: 'bot',
      url: '/y',
      allowed: true,
    },
    {
      name: 'a pattern that normalizes to nothing does not block the root',
      robots: lines('User-agent: *', 'Disallow:'),
      agent: 'bot',
      url: '/',
      allowed: true,
    },
    {
      name: '%2A in a pattern stays a literal asterisk, not a wildcard',
      robots: lines('User-agent: *', 'Disallow: /a%2Az'),
      agent: 'bot',
      url: '/abcz',
      allowed: true,
    },
    {
      name: '%2A in a pattern matches a literal * in the path',
      robots: lines('User-agent: *', 'Disallow: /a%2Az'),
      agent: 'bot',
      url: '/a*z',
      allowed: false,
    },
    {
      name: '%24 in a pattern is a literal $, not an anchor',
      robots: lines('User-agent: *', 'Disallow: /a%24'),
      agent: 'bot',
      url: '/a$/more',
      allowed: false,
    },
    {
      name: 'a $ inside a pattern is a literal octet: /a$b matches /a$b (seed 003 anchors only on a final $)',
      robots: lines('User-agent: *', 'Disallow: /a$b'),
      agent: 'bot',
      url: '/a$b',
      allowed: false,
    },
    {
      name: 'a $ inside a pattern is a literal octet: /a$b matches /a%24b',
      robots: lines('User-agent: *', 'Disallow: /a$b'),
      agent: 'bot',
      url: '/a%24b',
      allowed: false,
    },
    {
      name: 'a $ inside a pattern is no anchor: /a$b does not match /a',
      robots: lines('User-agent: *', 'Disallow: /a$b'),
      agent: 'bot',
      url: '/a',
      allowed: true,
    },
    {
      name: 'no spelling of a path introduces a wildcard: /a%2Az is not /a*z as a pattern',
      robots: lines('User-agent: *', 'Disallow: /a%2Az'),
      agent: 'bot',
      url: '/a%2Az',
      allowed: false,
    },
    {
      name: 'query strings pass through: ? and & are compared as written',
      robots: lines('User-agent: *', 'Disallow: /p?a=1&b=2'),
      agent: 'bot',
      url: '/p?a=1&b=2&c=3',
      allowed: false,
    },
    {
      name: 'an anchored suffix never overlaps what the pattern already consumed (/ab*b$ vs /ab)',
      robots: lines('User-agent: *', 'Disallow: /ab*b$'),
      agent: 'bot',
      url: '/ab',
      allowed: true,
    },
    {
      name: 'an anchored suffix matches once the path is long enough (/ab*b$ vs /abb)',
      robots: lines('User-agent: *', 'Disallow: /ab*b$'),
      agent: 'bot',
      url: '/abb',
      allowed: false,
    },
  ]);

  describe('precedence is measured on the normalized form', () => {
    const tie = lines('User-agent: ExampleBot', 'Disallow: /%7Euser/', 'Allow: /~user/');

    it('/%7Euser/ and /~user/ tie on normalized length and the allow on line 3 wins /~user/notes', () => {
      const explanation = parse(tie).explain('/~user/notes', 'ExampleBot');
      assert.equal(explanation.allowed, true);
      assert.ok(explanation.rule);
      assert.equal(explanation.rule.line, 3);
      assert.equal(explanation.rule.kind, 'allow');
    });

    it('the tie also goes to the allow for the /%7euser/notes spelling', () => {
      const explanation = parse(tie).explain('/%7euser/notes', 'ExampleBot');
      assert.equal(explanation.allowed, true);
      assert.equal(explanation.rule?.line, 3);
    });

    it('both spellings of /~user/ normalize to the same seven bytes', () => {
      assert.equal(normalizePattern('/%7Euser/'), '/~user/');
      assert.equal(normalizePattern('/~user/'), '/~user/');
    });

    it('/a b/ is five bytes in the file and seven (/a%20b/) once normalized', () => {
      const explanation = parse(lines('User-agent: *', 'Disallow: /a b/')).explain(
        '/a%20b/x',
        'bot',
      );
      assert.ok(explanation.rule);
      assert.equal(explanation.rule.pattern, '/a b/');
      assert.equal(explanation.rule.normalized, '/a%20b/');
      assert.equal(explanation.rule.normalized.length, 7);
    });

    it('/a b/ takes precedence over a six-byte Allow: /a%20b that it would lose to on raw bytes', () => {
      const robots = parse(lines('User-agent: *', 'Allow: /a%20b', 'Disallow: /a b/'));
      const explanation = robots.explain('/a%20b/x', 'bot');
      assert.equal(explanation.allowed, false);
      assert.equal(explanation.rule?.line, 3);
    });
  });

  describe('normalize is idempotent on the seed examples', () => {
    const rows: { name: string; input: string; once: string }[] = [
      { name: '%7E becomes a tilde and stays a tilde', input: '/%7Euser/', once: '/~user/' },
      { name: 'a stray % becomes %25 and stays %25', input: '/100%', once: '/100%25' },
      {
        name: '%25 decodes to %, which is not unreserved, and is written back as %25',
        input: '/%25',
        once: '/%25',
      },
      { name: '%2f is upper-cased once and then stays', input: '/a%2fb', once: '/a%2Fb' },
      { name: 'a space is escaped once and then stays', input: '/a b/', once: '/a%20b/' },
    ];
    for (const row of rows) {
      it(`pattern: ${row.name}`, () => {
        const once = normalizePattern(row.input);
        assert.equal(once, row.once);
        assert.equal(normalizePattern(once), once);
      });
      it(`path: ${row.name}`, () => {
        const once = normalizePath(row.input);
        assert.equal(once, row.once);
        assert.equal(normalizePath(once), once);
      });
    }
  });
});
