// explain(): the deciding rule as written and as compared, its line, the selected groups and the
// reason, for paths and absolute URLs; and that it never disagrees with isAllowed.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Mode, parse, type Reason } from '../../src/core/index.js';

const lines = (...l: string[]) => l.join('\n');

const file = lines(
  'User-agent: ExampleBot', // 1
  'Disallow: /%7Euser/', // 2
  'Allow: /~user/public', // 3
  'Disallow: /a b/', // 4
  'Disallow: /*.pdf$', // 5
  'Disallow:', // 6
  '', // 7
  'User-agent: *', // 8
  'Disallow: /private', // 9
  '', // 10
  'User-agent: exampleBOT', // 11
  'Allow: /%7euser/open', // 12
);

describe('the deciding rule', () => {
  const rows: {
    name: string;
    url: string;
    agent: string;
    allowed: boolean;
    rule: { kind: 'allow' | 'disallow'; pattern: string; normalized: string; line: number } | null;
    reason: Reason;
  }[] = [
    {
      name: 'a disallow is reported as written, with its normalized form and line',
      url: '/~user/notes',
      agent: 'ExampleBot',
      allowed: false,
      rule: { kind: 'disallow', pattern: '/%7Euser/', normalized: '/~user/', line: 2 },
      reason: 'matched-rule',
    },
    {
      name: 'an allow from the same group wins by length',
      url: '/~user/public/x',
      agent: 'ExampleBot',
      allowed: true,
      rule: { kind: 'allow', pattern: '/~user/public', normalized: '/~user/public', line: 3 },
      reason: 'matched-rule',
    },
    {
      name: 'an allow from a later merged group wins by length',
      url: '/~user/open',
      agent: 'ExampleBot',
      allowed: true,
      rule: { kind: 'allow', pattern: '/%7euser/open', normalized: '/~user/open', line: 12 },
      reason: 'matched-rule',
    },
    {
      name: 'a pattern with a space is reported as written and escaped',
      url: '/a%20b/c',
      agent: 'ExampleBot',
      allowed: false,
      rule: { kind: 'disallow', pattern: '/a b/', normalized: '/a%20b/', line: 4 },
      reason: 'matched-rule',
    },
    {
      name: 'a wildcard pattern is reported with its operators',
      url: '/doc.pdf',
      agent: 'ExampleBot',
      allowed: false,
      rule: { kind: 'disallow', pattern: '/*.pdf$', normalized: '/*.pdf$', line: 5 },
      reason: 'matched-rule',
    },
    {
      name: 'no rule matching is reported as no-matching-rule (the empty Disallow matches nothing)',
      url: '/other',
      agent: 'ExampleBot',
      allowed: true,
      rule: null,
      reason: 'no-matching-rule',
    },
    {
      name: 'the * group decides for another crawler',
      url: '/private/x',
      agent: 'OtherBot',
      allowed: false,
      rule: { kind: 'disallow', pattern: '/private', normalized: '/private', line: 9 },
      reason: 'matched-rule',
    },
    {
      name: '/robots.txt is exempt even where a rule would match',
      url: '/robots.txt',
      agent: 'OtherBot',
      allowed: true,
      rule: null,
      reason: 'robots-txt-exempt',
    },
    {
      name: 'an escaped spelling of /robots.txt is exempt',
      url: '/%72obots%2etxt',
      agent: 'ExampleBot',
      allowed: true,
      rule: null,
      reason: 'robots-txt-exempt',
    },
  ];
  const robots = parse(file);
  for (const row of rows) {
    it(row.name, () => {
      const explanation = robots.explain(row.url, row.agent);
      assert.equal(explanation.allowed, row.allowed);
      assert.deepEqual(explanation.rule, row.rule);
      assert.equal(explanation.reason, row.reason);
      assert.equal(robots.isAllowed(row.url, row.agent), row.allowed);
    });
  }

  it('no group for the agent and no * group is reported as no-group', () => {
    const explanation = parse(lines('User-agent: a', 'Disallow: /')).explain('/x', 'b');
    assert.equal(explanation.reason, 'no-group');
    assert.equal(explanation.selection, 'none');
    assert.deepEqual(explanation.groups, []);
    assert.equal(explanation.allowed, true);
    assert.equal(explanation.rule, null);
  });

  it('an empty file is no-group', () => {
    assert.equal(parse('').explain('/x', 'b').reason, 'no-group');
  });

  it('a group with no rules is no-matching-rule, not no-group', () => {
    const explanation = parse(lines('User-agent: a', 'Crawl-delay: 1')).explain('/x', 'a');
    assert.equal(explanation.reason, 'no-matching-rule');
    assert.equal(explanation.selection, 'specific');
  });

  it('/robots.txt is exempt even when no group applies', () => {
    const explanation = parse('').explain('/robots.txt', 'b');
    assert.equal(explanation.allowed, true);
    assert.ok(['robots-txt-exempt', 'no-group'].includes(explanation.reason));
  });

  it('a tie is reported as the allow', () => {
    const rule = parse(lines('User-agent: *', 'Disallow: /x', 'Allow: /x')).explain('/x', 'a').rule;
    assert.deepEqual(rule && [rule.kind, rule.line], ['allow', 3]);
  });

  it('a repeated rule is reported at its first line', () => {
    const rule = parse(lines('User-agent: *', 'Disallow: /x', 'Disallow: /x')).explain(
      '/x',
      'a',
    ).rule;
    assert.equal(rule?.line, 2);
  });

  it('a rule repeated in another spelling is reported at its first line', () => {
    const rule = parse(lines('User-agent: *', 'Disallow: /%7Ex', 'Disallow: /~x')).explain(
      '/~x',
      'a',
    ).rule;
    assert.equal(rule?.line, 2);
  });

  it('rules repeated across merged groups are reported at the first line in file order', () => {
    const rule = parse(
      lines(
        'User-agent: a',
        'Disallow: /x',
        'User-agent: b',
        'Disallow: /',
        'User-agent: a',
        'Disallow: /x',
      ),
    ).explain('/x', 'a').rule;
    assert.equal(rule?.line, 2);
  });
});

describe('the rules the deciding rule outranked (matches)', () => {
  const ladder = parse(
    lines(
      'User-agent: *', // 1
      'Disallow: /a', // 2
      'Allow: /a/b', // 3
      'Disallow: /a/b/c', // 4
      'Allow: /*/c', // 5: four bytes, like /a/b
      'Disallow: /a/%62', // 6: /a/b once normalized, ties lines 3 and 5
      'Disallow: /x', // 7: does not match
      'Disallow:', // 8: matches nothing
    ),
  );
  const rows: { name: string; url: string; lines: number[] }[] = [
    {
      name: 'every matching rule, longest normalized pattern first',
      url: '/a/b/c/d',
      lines: [4, 3, 5, 6, 2],
    },
    { name: 'an allow ranks before a disallow of equal length', url: '/a/b', lines: [3, 6, 2] },
    { name: 'a single matching rule', url: '/a', lines: [2] },
    { name: 'no matching rule', url: '/q', lines: [] },
    { name: 'the exempt /robots.txt lists none', url: '/robots.txt', lines: [] },
  ];
  for (const row of rows) {
    it(`${row.name}: ${row.url}`, () => {
      const explanation = ladder.explain(row.url, 'bot');
      assert.deepEqual(
        explanation.matches.map((r) => r.line),
        row.lines,
      );
      assert.equal(explanation.rule, explanation.matches[0] ?? null);
    });
  }

  it('equal rules of equal kind rank by line', () => {
    const robots = parse(lines('User-agent: *', 'Disallow: /p', 'Disallow: /%70', 'Disallow: /p'));
    assert.deepEqual(
      robots.explain('/p', 'bot').matches.map((r) => r.line),
      [2, 3, 4],
    );
  });

  it('google: an index.html rule is listed once, in the form that matched', () => {
    const robots = parse(lines('User-agent: *', 'Disallow: /d/', 'Allow: /d/index.html'), {
      mode: 'google',
    });
    assert.deepEqual(
      robots.explain('/d/', 'bot').matches.map((r) => [r.line, r.normalized]),
      [
        [3, '/d/$'],
        [2, '/d/'],
      ],
    );
    assert.deepEqual(
      robots.explain('/d/index.html', 'bot').matches.map((r) => [r.line, r.normalized]),
      [
        [3, '/d/index.html'],
        [2, '/d/'],
      ],
    );
  });
});

describe('the selection', () => {
  const robots = parse(file);
  const rows: {
    name: string;
    agent: string;
    selection: 'specific' | 'global' | 'none';
    groupLines: number[];
    token: string;
  }[] = [
    {
      name: 'every group naming the agent, in file order',
      agent: 'ExampleBot',
      selection: 'specific',
      groupLines: [1, 11],
      token: 'examplebot',
    },
    {
      name: 'the * group for an agent no group names',
      agent: 'OtherBot',
      selection: 'global',
      groupLines: [8],
      token: 'otherbot',
    },
    {
      name: 'rfc: the agent without its /version',
      agent: 'ExampleBot/1.2',
      selection: 'specific',
      groupLines: [1, 11],
      token: 'examplebot',
    },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const explanation = robots.explain('/', row.agent);
      assert.equal(explanation.selection, row.selection);
      assert.deepEqual(
        explanation.groups.map((g) => g.line),
        row.groupLines,
      );
      assert.equal(explanation.agent, row.agent);
      assert.equal(explanation.token.toLowerCase(), row.token);
      assert.equal(explanation.mode, 'rfc');
    });
  }

  it('the selected groups are the parsed groups themselves', () => {
    const { groups } = robots.explain('/', 'ExampleBot');
    assert.equal(groups[0], robots.groups[0]);
    assert.equal(groups[1], robots.groups[2]);
  });

  it('google: the agent is compared as given, so a /version selects the * group', () => {
    const explanation = parse(file, { mode: 'google' }).explain('/', 'ExampleBot/1.2');
    assert.equal(explanation.selection, 'global');
    assert.equal(explanation.mode, 'google');
  });

  it('the deciding rule belongs to one of the selected groups', () => {
    const explanation = robots.explain('/~user/open/x', 'ExampleBot');
    assert.ok(explanation.rule);
    const line = explanation.rule.line;
    assert.ok(explanation.groups.some((g) => g.rules.some((r) => r.line === line)));
  });
});

describe('urls and paths', () => {
  const robots = parse(lines('User-agent: *', 'Disallow: /a', 'Allow: /$'));
  const rows: { name: string; url: string; path: string; allowed: boolean }[] = [
    { name: 'a path is taken as is', url: '/a/b?c=d', path: '/a/b?c=d', allowed: false },
    {
      name: 'an absolute URL: scheme and host are ignored',
      url: 'https://example.com/a/b',
      path: '/a/b',
      allowed: false,
    },
    {
      name: 'an absolute URL: the port is ignored',
      url: 'http://example.com:8080/a?x',
      path: '/a?x',
      allowed: false,
    },
    {
      name: 'an absolute URL with user info',
      url: 'http://user:pw@example.com/a',
      path: '/a',
      allowed: false,
    },
    { name: 'a scheme-relative URL', url: '//example.com/a', path: '/a', allowed: false },
    { name: 'a fragment is dropped from a path', url: '/b#/a', path: '/b', allowed: true },
    {
      name: 'a fragment is dropped from a URL',
      url: 'https://example.com/a#top',
      path: '/a',
      allowed: false,
    },
    { name: 'a missing path is /', url: 'https://example.com', path: '/', allowed: true },
    {
      name: 'a missing path before a fragment is /',
      url: 'https://example.com#a',
      path: '/',
      allowed: true,
    },
    {
      name: 'a missing path before a query is / with the query',
      url: 'https://example.com?a',
      path: '/?a',
      allowed: true,
    },
    {
      name: 'the query stays part of the path',
      url: 'https://example.com/x?a',
      path: '/x?a',
      allowed: true,
    },
    {
      name: 'a URL inside the query of a path is part of the query',
      url: '/b?next=http://e.example/a',
      path: '/b?next=http://e.example/a',
      allowed: true,
    },
    {
      name: 'a URL inside the query of a URL is part of the query',
      url: 'https://e.example/b?u=https://x/a',
      path: '/b?u=https://x/a',
      allowed: true,
    },
  ];
  for (const row of rows) {
    it(`${row.name}: ${row.url} -> ${row.path}`, () => {
      const explanation = robots.explain(row.url, 'bot');
      assert.equal(explanation.path, row.path);
      assert.equal(explanation.allowed, row.allowed);
      assert.equal(robots.isAllowed(row.url, 'bot'), row.allowed);
    });
  }

  const normalizedRows: { name: string; url: string; normalizedPath: string }[] = [
    { name: 'unreserved escapes are decoded', url: '/%7Euser/%61', normalizedPath: '/~user/a' },
    { name: 'reserved escapes are upper-cased', url: '/a%2fb', normalizedPath: '/a%2Fb' },
    {
      name: 'a literal * and $ are spelled %2A and %24',
      url: '/a*b$',
      normalizedPath: '/a%2Ab%24',
    },
    {
      name: 'non-ASCII is escaped as UTF-8',
      url: 'https://e.example/é',
      normalizedPath: '/%C3%A9',
    },
  ];
  for (const row of normalizedRows) {
    it(`rfc: the normalized path is reported: ${row.name}`, () => {
      const explanation = robots.explain(row.url, 'bot');
      assert.equal(explanation.normalizedPath, row.normalizedPath);
    });
  }

  it('google: the path is compared as given', () => {
    const explanation = parse(lines('User-agent: *', 'Disallow: /a'), { mode: 'google' }).explain(
      '/%7Euser',
      'bot',
    );
    assert.equal(explanation.normalizedPath, '/%7Euser');
  });
});

describe('google mode explanations (Google-compatible)', () => {
  it('/robots.txt has no exemption', () => {
    const explanation = parse(lines('User-agent: *', 'Disallow: /'), { mode: 'google' }).explain(
      '/robots.txt',
      'bot',
    );
    assert.equal(explanation.allowed, false);
    assert.equal(explanation.reason, 'matched-rule');
    assert.equal(explanation.rule?.line, 2);
  });

  it('Allow: /dir/index.html also allows /dir/, reported as the index rule in its derived form', () => {
    const robots = parse(lines('User-agent: *', 'Disallow: /dir/', 'Allow: /dir/index.html'), {
      mode: 'google',
    });
    const explanation = robots.explain('/dir/', 'bot');
    assert.equal(explanation.allowed, true);
    assert.equal(robots.isAllowed('/dir/', 'bot'), true);
    assert.ok(explanation.rule);
    assert.equal(explanation.rule.line, 3);
    assert.equal(explanation.rule.pattern, '/dir/index.html');
    assert.equal(explanation.rule.normalized, '/dir/$');
  });

  it('Allow: /dir/index.html does not allow other files of /dir/', () => {
    const robots = parse(lines('User-agent: *', 'Disallow: /dir/', 'Allow: /dir/index.html'), {
      mode: 'google',
    });
    assert.equal(robots.isAllowed('/dir/other', 'bot'), false);
    assert.equal(robots.explain('/dir/other', 'bot').rule?.line, 2);
  });

  it('rfc: Allow: /dir/index.html allows only that file', () => {
    const robots = parse(lines('User-agent: *', 'Disallow: /dir/', 'Allow: /dir/index.html'));
    assert.equal(robots.isAllowed('/dir/', 'bot'), false);
    assert.equal(robots.isAllowed('/dir/index.html', 'bot'), true);
  });

  it('the empty agent names a group without a product token', () => {
    const robots = parse(lines('User-agent: 007', 'Disallow: /', 'User-agent: *', 'Allow: /'), {
      mode: 'google',
    });
    const explanation = robots.explain('/x', '');
    assert.equal(explanation.selection, 'specific');
    assert.equal(explanation.allowed, false);
  });
});

describe('explain agrees with isAllowed', () => {
  const files: { name: string; text: string }[] = [
    { name: 'the sample file', text: file },
    {
      name: 'overlapping wildcards',
      text: lines(
        'User-agent: *',
        'Disallow: /*a',
        'Allow: /b*',
        'Disallow: /b*c$',
        'Allow: /*.html$',
        'Disallow: /b/%2A',
      ),
    },
    {
      name: 'index rule',
      text: lines('User-agent: *', 'Disallow: /', 'Allow: /d/index.htm', 'Allow: /$'),
    },
  ];
  const urls = [
    '/',
    '/a',
    '/b',
    '/bc',
    '/b/c',
    '/b/*',
    '/b/%2a',
    '/x.html',
    '/b.html',
    '/d/',
    '/d/index.htm',
    '/d/index.html',
    '/robots.txt',
    '/~user/open',
    '/%7euser/x',
    'https://e.example/b?c',
    'https://e.example',
    '/a b/c',
    '/a%20b/',
  ];
  const agents = ['ExampleBot', 'examplebot/2', 'OtherBot', ''];
  for (const mode of ['rfc', 'google'] as Mode[]) {
    for (const { name, text } of files) {
      it(`${mode}: ${name}`, () => {
        const robots = parse(text, { mode });
        for (const url of urls) {
          for (const agent of agents) {
            assert.equal(
              robots.explain(url, agent).allowed,
              robots.isAllowed(url, agent),
              `${url} for ${agent}`,
            );
          }
        }
      });
    }
  }
});
