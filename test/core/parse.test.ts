// parse(): reading lines, forming groups, choosing the groups a crawler obeys, crawl-delay,
// sitemaps, extensions and diagnostics (RFC 9309 §2.2, §2.5; issue 2). Google-compatible
// readings are grouped apart.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_MAX_BYTES, type Mode, parse, type RobotsTxt } from '../../src/core/index.js';

const lines = (...l: string[]) => l.join('\n');
const codesAt = (robots: RobotsTxt, line: number) =>
  robots.diagnostics.filter((d) => d.line === line).map((d) => d.code);
const ruleLines = (robots: RobotsTxt) => robots.groups.flatMap((g) => g.rules.map((r) => r.line));

describe('reading bytes and lines', () => {
  describe('byte order mark', () => {
    const rows: { name: string; input: string | Uint8Array }[] = [
      {
        name: 'a BOM character at the start of a string is skipped',
        input: '\ufeffUser-agent: a\nDisallow: /x',
      },
      {
        name: 'the BOM bytes EF BB BF at the start of bytes are skipped',
        input: new Uint8Array([
          0xef,
          0xbb,
          0xbf,
          ...new TextEncoder().encode('User-agent: a\nDisallow: /x'),
        ]),
      },
    ];
    for (const row of rows) {
      it(row.name, () => {
        const robots = parse(row.input);
        assert.equal(robots.groups.length, 1);
        assert.equal(robots.groups[0].agents[0].value, 'a');
        assert.equal(robots.isAllowed('/x', 'a'), false);
        assert.deepEqual(robots.diagnostics, []);
      });
    }

    it('a BOM on a later line is not skipped: that line has an unknown key', () => {
      const robots = parse('User-agent: a\n\ufeffDisallow: /x');
      assert.equal(robots.isAllowed('/x', 'a'), true);
    });
  });

  describe('line endings', () => {
    const rows: { name: string; text: string; ruleLines: number[] }[] = [
      {
        name: 'LF ends lines',
        text: 'User-agent: a\nDisallow: /x\nDisallow: /y',
        ruleLines: [2, 3],
      },
      {
        name: 'CR ends lines',
        text: 'User-agent: a\rDisallow: /x\rDisallow: /y',
        ruleLines: [2, 3],
      },
      {
        name: 'CRLF ends a line once',
        text: 'User-agent: a\r\nDisallow: /x\r\nDisallow: /y',
        ruleLines: [2, 3],
      },
      {
        name: 'LF, CR and CRLF mixed in one file',
        text: 'User-agent: a\rDisallow: /x\r\nDisallow: /y\nDisallow: /z',
        ruleLines: [2, 3, 4],
      },
      { name: 'LF CR is two line ends', text: 'User-agent: a\n\rDisallow: /x', ruleLines: [3] },
      { name: 'CR CR is two line ends', text: 'User-agent: a\r\rDisallow: /x', ruleLines: [3] },
      {
        name: 'CRLF CRLF is two line ends',
        text: 'User-agent: a\r\n\r\nDisallow: /x',
        ruleLines: [3],
      },
      { name: 'blank lines count', text: '\n\n\nUser-agent: a\n\nDisallow: /x', ruleLines: [6] },
    ];
    for (const row of rows) {
      it(`${row.name}: rule lines are numbered ${row.ruleLines.join(', ')}`, () => {
        const robots = parse(row.text);
        assert.deepEqual(ruleLines(robots), row.ruleLines);
        assert.equal(robots.isAllowed('/x', 'a'), false);
      });
    }

    it('a CR ends a line: a rule after it is not part of the User-agent value', () => {
      const robots = parse('User-agent: a\rDisallow: /x');
      assert.equal(robots.groups[0].agents[0].value, 'a');
    });

    it('lineCount counts the lines of a file without a final line end', () => {
      assert.equal(parse('User-agent: a\r\nDisallow: /x\rAllow: /y\nAllow: /z').lineCount, 4);
    });
  });

  describe('long lines (Google-compatible)', () => {
    // Google's reference keeps the first 2083 * 8 - 1 bytes of a line; rfc keeps all of it.
    const KEPT = 2083 * 8 - 1;
    const rows = [
      { name: 'a plain rule line', value: `/${'a'.repeat(KEPT)}`, keptChars: KEPT - 10 },
      // '\u00e9' is 2 bytes: the cut falls on a character boundary, counting bytes.
      {
        name: 'a rule line of 2-byte characters',
        value: `/${'\u00e9'.repeat(KEPT)}`,
        keptChars: 1 + (KEPT - 11) / 2,
      },
    ];
    for (const row of rows) {
      const text = `User-agent: *\nDisallow: ${row.value}\n`;
      it(`google: ${row.name} is cut where Google's reference cuts it`, () => {
        const { pattern } = parse(text, { mode: 'google' }).groups[0].rules[0];
        assert.equal(pattern.length, row.keptChars);
        assert.ok(row.value.startsWith(pattern));
      });
      it(`rfc: ${row.name} is read whole`, () => {
        assert.ok(parse(text).groups[0].rules[0].pattern === row.value);
      });
    }
  });

  describe('maxBytes', () => {
    const text = 'User-agent: *\nDisallow: /a\nDisallow: /b\n'; // 14 + 13 + 13 bytes
    const rows: {
      name: string;
      input: string | Uint8Array;
      maxBytes: number;
      a: boolean;
      b: boolean;
    }[] = [
      {
        name: 'a cap after the second line keeps /a and drops /b',
        input: text,
        maxBytes: 27,
        a: false,
        b: true,
      },
      {
        name: 'a cap after the second line of bytes keeps /a and drops /b',
        input: new TextEncoder().encode(text),
        maxBytes: 27,
        a: false,
        b: true,
      },
      {
        name: 'a cap inside the second line drops it',
        input: text,
        maxBytes: 20,
        a: true,
        b: true,
      },
      { name: 'a cap of 0 reads nothing', input: text, maxBytes: 0, a: true, b: true },
    ];
    for (const row of rows) {
      it(row.name, () => {
        const robots = parse(row.input, { maxBytes: row.maxBytes });
        assert.equal(robots.isAllowed('/a', 'bot'), row.a);
        assert.equal(robots.isAllowed('/b', 'bot'), row.b);
        assert.equal(robots.truncated, true);
        assert.equal(robots.bytes, 40);
      });
      it(`${row.name}, with a truncated diagnostic`, () => {
        const robots = parse(row.input, { maxBytes: row.maxBytes });
        const truncated = robots.diagnostics.filter((d) => d.code === 'truncated');
        assert.equal(truncated.length, 1);
        assert.equal(truncated[0].severity, 'warning');
        assert.ok(truncated[0].line >= 0 && truncated[0].line <= robots.lineCount);
      });
    }

    it('a file exactly maxBytes long is not truncated and has no truncated diagnostic', () => {
      const robots = parse(text, { maxBytes: 40 });
      assert.equal(robots.truncated, false);
      assert.equal(robots.isAllowed('/b', 'bot'), false);
      assert.deepEqual(
        robots.diagnostics.filter((d) => d.code === 'truncated'),
        [],
      );
    });

    it('the cap counts UTF-8 bytes of a string, not UTF-16 code units', () => {
      // 'é' is one code unit and two bytes: 14 + 12 bytes reach the cap before "/b".
      const input = 'User-agent: *\nAllow: /éé\nDisallow: /b\n';
      const robots = parse(input, { maxBytes: 26 });
      assert.equal(robots.truncated, true);
      assert.equal(robots.isAllowed('/b', 'bot'), true);
    });

    const splitInputs: { name: string; input: string | Uint8Array }[] = [
      { name: 'a string', input: 'User-agent: *\nDisallow: /aé\nDisallow: /b\n' },
      {
        name: 'bytes',
        input: new TextEncoder().encode('User-agent: *\nDisallow: /aé\nDisallow: /b\n'),
      },
    ];
    for (const row of splitInputs) {
      // The cap (27) falls between the two bytes of é: the character is dropped whole, not
      // turned into a lone %C3 octet that some other path could match.
      it(`a cap never splits a UTF-8 character of ${row.name}`, () => {
        const robots = parse(row.input, { maxBytes: 27 });
        assert.equal(robots.truncated, true);
        assert.deepEqual(
          robots.groups[0].rules.map((r) => r.normalized),
          ['/a'],
        );
      });
      it(`a cap inside a UTF-8 character of ${row.name} reports truncation, not invalid UTF-8`, () => {
        const robots = parse(row.input, { maxBytes: 27 });
        assert.deepEqual(
          robots.diagnostics.map((d) => d.code),
          ['truncated'],
        );
      });
    }

    it('the default cap is 500 KiB', () => assert.equal(DEFAULT_MAX_BYTES, 500 * 1024));

    it('bytes reports the whole input, also when nothing was truncated', () => {
      assert.equal(parse('User-agent: é').bytes, 14);
      assert.equal(parse(new Uint8Array([0x55, 0xff, 0x0a])).bytes, 3);
    });

    it('a negative maxBytes is API misuse and throws a TypeError', () => {
      assert.throws(() => parse('', { maxBytes: -1 }), TypeError);
    });

    it('an unknown mode is API misuse and throws a TypeError', () => {
      assert.throws(() => parse('', { mode: 'strict' as Mode }), TypeError);
    });
  });

  describe('comments and white space', () => {
    const rows: { name: string; text: string; agent: string; pattern: string }[] = [
      {
        name: 'a trailing comment is not part of the value',
        text: 'User-agent: a\nDisallow: /x # no',
        agent: 'a',
        pattern: '/x',
      },
      {
        name: 'a # without a space starts a comment',
        text: 'User-agent: a\nDisallow: /x#frag',
        agent: 'a',
        pattern: '/x',
      },
      {
        name: 'a comment after the User-agent value is dropped',
        text: 'User-agent: a # the a bot\nDisallow: /x',
        agent: 'a',
        pattern: '/x',
      },
      {
        name: 'white space around the key and colon is allowed',
        text: '  User-agent :  a\n\tDisallow\t:\t/x  ',
        agent: 'a',
        pattern: '/x',
      },
      {
        name: 'no white space after the colon is needed',
        text: 'User-agent:a\nDisallow:/x',
        agent: 'a',
        pattern: '/x',
      },
      {
        name: 'comment-only lines between rules are ignored',
        text: '# head\nUser-agent: a\n# note\nDisallow: /x',
        agent: 'a',
        pattern: '/x',
      },
      {
        name: 'a colon inside the value is kept',
        text: 'User-agent: a\nDisallow: /x:y',
        agent: 'a',
        pattern: '/x:y',
      },
    ];
    for (const row of rows) {
      it(row.name, () => {
        const robots = parse(row.text);
        assert.equal(robots.groups.length, 1);
        assert.equal(robots.groups[0].agents[0].token, row.agent);
        assert.deepEqual(
          robots.groups[0].rules.map((r) => r.pattern),
          [row.pattern],
        );
      });
    }

    it('comments and blank lines yield no diagnostics', () => {
      assert.deepEqual(
        parse('# a comment\n\n   \n\t# another\nUser-agent: *\nDisallow: /x # why\n').diagnostics,
        [],
      );
    });
  });

  describe('keys are case-insensitive', () => {
    const rows: { name: string; text: string }[] = [
      {
        name: 'upper case',
        text: 'USER-AGENT: a\nDISALLOW: /x\nALLOW: /x/y\nSITEMAP: https://e.example/s.xml\nCRAWL-DELAY: 4',
      },
      {
        name: 'lower case',
        text: 'user-agent: a\ndisallow: /x\nallow: /x/y\nsitemap: https://e.example/s.xml\ncrawl-delay: 4',
      },
      {
        name: 'mixed case',
        text: 'UsEr-AgEnT: a\ndIsAlLoW: /x\naLlOw: /x/y\nSiTeMaP: https://e.example/s.xml\nCrAwL-DeLaY: 4',
      },
    ];
    for (const row of rows) {
      for (const mode of ['rfc', 'google'] as const) {
        it(`${row.name} keys are read (${mode})`, () => {
          const robots = parse(row.text, { mode });
          assert.equal(robots.isAllowed('/x', 'a'), false);
          assert.equal(robots.isAllowed('/x/y', 'a'), true);
          assert.deepEqual(robots.sitemaps, ['https://e.example/s.xml']);
          assert.equal(robots.crawlDelay('a'), 4);
        });
      }
    }
  });
});

describe('input types', () => {
  const text = 'User-agent: *\nDisallow: /x\n';
  const bytes = new TextEncoder().encode(text);
  const padded = new Uint8Array([0x41, 0x42, ...bytes, 0x0a, 0x44, 0x69, 0x73]);
  const rows: { name: string; input: () => string | Uint8Array | ArrayBuffer }[] = [
    { name: 'a string', input: () => text },
    { name: 'a Uint8Array', input: () => bytes },
    { name: 'an ArrayBuffer', input: () => bytes.slice().buffer },
    {
      name: 'a Uint8Array view into a larger buffer (only the view is read)',
      input: () => padded.subarray(2, 2 + bytes.length),
    },
    {
      name: 'a DataView (read as its bytes)',
      input: () => new DataView(padded.buffer, 2, bytes.length) as unknown as Uint8Array,
    },
  ];
  for (const row of rows) {
    it(`${row.name} is read`, () => {
      const robots = parse(row.input());
      assert.equal(robots.isAllowed('/x', 'bot'), false);
      assert.equal(robots.isAllowed('/y', 'bot'), true);
      assert.equal(robots.bytes, bytes.length);
      assert.deepEqual(robots.diagnostics, []);
    });
  }

  const misuse: { name: string; call: () => unknown }[] = [
    { name: 'parse(null)', call: () => parse(null as unknown as string) },
    { name: 'parse(42)', call: () => parse(42 as unknown as string) },
    { name: 'parse({})', call: () => parse({} as unknown as string) },
    {
      name: 'isAllowed with a non-string url',
      call: () => parse(text).isAllowed(undefined as unknown as string, 'a'),
    },
    {
      name: 'isAllowed with a non-string agent',
      call: () => parse(text).isAllowed('/x', null as unknown as string),
    },
    {
      name: 'explain with a non-string url',
      call: () => parse(text).explain(1 as unknown as string, 'a'),
    },
    {
      name: 'crawlDelay with a non-string agent',
      call: () => parse(text).crawlDelay(1 as unknown as string),
    },
  ];
  for (const row of misuse) {
    it(`${row.name} is API misuse and throws a TypeError`, () =>
      assert.throws(row.call, TypeError));
  }
});

describe('unreadable lines', () => {
  it('rfc: a "key value" line without a colon is skipped with a missing-colon diagnostic', () => {
    const robots = parse(lines('User-agent: a', 'Disallow /x'));
    assert.equal(robots.isAllowed('/x', 'a'), true);
    assert.deepEqual(codesAt(robots, 2), ['missing-colon']);
  });

  it('google: a "key value" line without a colon is read as "key: value", with a warning', () => {
    const robots = parse(lines('User-agent: a', 'Disallow /x'), { mode: 'google' });
    assert.equal(robots.isAllowed('/x', 'a'), false);
    const [diagnostic] = robots.diagnostics.filter((d) => d.line === 2);
    assert.equal(diagnostic.code, 'missing-colon');
    assert.equal(diagnostic.severity, 'warning');
  });

  it('google: a "User-agent value" line without a colon starts a group', () => {
    const robots = parse(lines('User-agent a', 'Disallow: /x'), { mode: 'google' });
    assert.equal(robots.isAllowed('/x', 'a'), false);
  });

  const skippedInBoth: { name: string; line: string }[] = [
    { name: 'a single word', line: 'Disallow' },
    { name: 'three words', line: 'Disallow /x /y' },
    { name: 'free text', line: 'please do not crawl us' },
  ];
  for (const row of skippedInBoth) {
    for (const mode of ['rfc', 'google'] as const) {
      it(`${mode}: ${row.name} without a colon is skipped with a diagnostic on its line`, () => {
        const robots = parse(lines('User-agent: a', row.line, 'Allow: /'), { mode });
        assert.equal(robots.isAllowed('/x', 'a'), true);
        assert.equal(robots.groups[0].rules.length, 1);
        assert.deepEqual(codesAt(robots, 2), ['missing-colon']);
      });
    }
  }

  it('a line with an empty key is skipped with a diagnostic', () => {
    const robots = parse(lines('User-agent: a', ': /x', 'Allow: /y'));
    assert.equal(robots.isAllowed('/x', 'a'), true);
    assert.equal(codesAt(robots, 2).length, 1);
  });

  it('a skipped line does not end a run of User-agent lines', () => {
    const robots = parse(lines('User-agent: a', 'garbage', 'User-agent: b', 'Disallow: /x'));
    assert.equal(robots.groups.length, 1);
    assert.equal(robots.isAllowed('/x', 'a'), false);
  });
});

describe('unknown keys are kept as extensions', () => {
  it('outside any group, lower-cased, with their lines, in file order', () => {
    const robots = parse(
      lines('Host: Example.COM', 'Clean-Param: utm /a', 'User-agent: *', 'Disallow: /'),
    );
    assert.deepEqual(robots.extensions(), [
      { name: 'host', value: 'Example.COM', line: 1 },
      { name: 'clean-param', value: 'utm /a', line: 2 },
    ]);
  });

  it('inside a group, for the agents of that group', () => {
    const robots = parse(
      lines(
        'User-agent: a',
        'Request-rate: 1/5',
        'Visit-Time: 0600-0845',
        'User-agent: b',
        'Noindex: /x',
      ),
    );
    assert.deepEqual(robots.extensions('a'), [
      { name: 'request-rate', value: '1/5', line: 2 },
      { name: 'visit-time', value: '0600-0845', line: 3 },
    ]);
    assert.deepEqual(robots.extensions('b'), [{ name: 'noindex', value: '/x', line: 5 }]);
  });

  it('of every group naming the agent, merged in file order', () => {
    const robots = parse(
      lines(
        'User-agent: a',
        'X-one: 1',
        'User-agent: b',
        'X-two: 2',
        'User-agent: a',
        'X-three: 3',
      ),
    );
    assert.deepEqual(
      robots.extensions('a').map((e) => e.line),
      [2, 6],
    );
  });

  it('of the * group only when no group names the agent', () => {
    const robots = parse(lines('User-agent: *', 'X-star: 1', 'User-agent: a', 'X-a: 2'));
    assert.deepEqual(
      robots.extensions('a').map((e) => e.name),
      ['x-a'],
    );
    assert.deepEqual(
      robots.extensions('z').map((e) => e.name),
      ['x-star'],
    );
  });

  it('unknown keys in a group get a diagnostic on their line', () => {
    const robots = parse(lines('User-agent: a', 'Visit-time: 0600-0845'));
    assert.equal(codesAt(robots, 2).length, 1);
  });

  it('crawl-delay is not listed in the extensions of a group', () => {
    const robots = parse(lines('User-agent: a', 'Crawl-delay: 5', 'X-other: 1'));
    assert.deepEqual(
      robots.extensions('a').map((e) => e.name),
      ['x-other'],
    );
  });

  it('crawl-delay is not listed in the extensions outside groups', () => {
    const robots = parse(lines('Crawl-delay: 5', 'X-other: 1', 'User-agent: a', 'Disallow: /'));
    assert.deepEqual(
      robots.extensions().map((e) => e.name),
      ['x-other'],
    );
  });
});

describe('group formation (rfc9309 §2.2.1)', () => {
  interface GroupRow {
    name: string;
    text: string;
    groups: number;
    /** [agent, path, allowed] decisions the grouping implies. */
    decisions: [string, string, boolean][];
  }
  const rows: GroupRow[] = [
    {
      name: 'consecutive User-agent lines share one group',
      text: lines('User-agent: a', 'User-agent: b', 'Disallow: /x'),
      groups: 1,
      decisions: [
        ['a', '/x', false],
        ['b', '/x', false],
      ],
    },
    {
      name: 'blank lines and comments between User-agent lines do not split them',
      text: lines('User-agent: a', '', '# and', 'User-agent: b', 'Disallow: /x'),
      groups: 1,
      decisions: [
        ['a', '/x', false],
        ['b', '/x', false],
      ],
    },
    {
      name: 'a blank line before User-agent: * does not end the run, so * shares the group',
      text: lines('User-agent: a', '', 'User-agent: *', 'Disallow: /x'),
      groups: 1,
      decisions: [
        ['a', '/x', false],
        ['z', '/x', false],
      ],
    },
    {
      name: 'a User-agent line after a rule starts a new group',
      text: lines('User-agent: a', 'Disallow: /x', 'User-agent: b', 'Disallow: /y'),
      groups: 2,
      decisions: [
        ['a', '/y', true],
        ['b', '/x', true],
        ['b', '/y', false],
      ],
    },
    {
      name: 'a User-agent line after an Allow starts a new group',
      text: lines('User-agent: a', 'Allow: /x', 'User-agent: b', 'Disallow: /'),
      groups: 2,
      decisions: [
        ['a', '/y', true],
        ['b', '/y', false],
      ],
    },
    {
      name: 'a Crawl-delay between two User-agent lines splits them',
      text: lines('User-agent: a', 'Crawl-delay: 5', 'User-agent: b', 'Disallow: /'),
      groups: 2,
      decisions: [
        ['a', '/x', true],
        ['b', '/x', false],
      ],
    },
    {
      name: 'an invalid Crawl-delay between two User-agent lines splits them too',
      text: lines('User-agent: a', 'Crawl-delay: soon', 'User-agent: b', 'Disallow: /'),
      groups: 2,
      decisions: [
        ['a', '/x', true],
        ['b', '/x', false],
      ],
    },
    {
      name: 'an unknown directive between two User-agent lines splits them',
      text: lines('User-agent: a', 'Request-rate: 1/5', 'User-agent: b', 'Disallow: /'),
      groups: 2,
      decisions: [
        ['a', '/x', true],
        ['b', '/x', false],
      ],
    },
    {
      name: 'rfc: a Sitemap between two User-agent lines ends nothing',
      text: lines(
        'User-agent: a',
        'Sitemap: https://e.example/s.xml',
        'User-agent: b',
        'Disallow: /',
      ),
      groups: 1,
      decisions: [
        ['a', '/x', false],
        ['b', '/x', false],
      ],
    },
    {
      name: 'a Sitemap among the rules ends nothing: later rules stay in the group',
      text: lines(
        'User-agent: a',
        'Disallow: /x',
        'Sitemap: https://e.example/s.xml',
        'Disallow: /y',
      ),
      groups: 1,
      decisions: [
        ['a', '/y', false],
        ['b', '/y', true],
      ],
    },
    {
      name: 'rules before the first User-agent line are ignored',
      text: lines('Disallow: /', 'Allow: /x', 'User-agent: a', 'Disallow: /y'),
      groups: 1,
      decisions: [
        ['a', '/', true],
        ['z', '/', true],
        ['a', '/y', false],
      ],
    },
    {
      name: 'a file without User-agent lines has no groups and allows everything',
      text: lines('Disallow: /', 'Sitemap: https://e.example/s.xml'),
      groups: 0,
      decisions: [['a', '/x', true]],
    },
    {
      name: 'a group without rules allows everything to its agents',
      text: lines('User-agent: a', '', 'User-agent: b', 'Disallow: /', 'User-agent: c'),
      groups: 2,
      decisions: [
        ['c', '/x', true],
        ['a', '/x', false],
      ],
    },
  ];
  for (const row of rows) {
    it(`${row.name} (${row.groups} group${row.groups === 1 ? '' : 's'})`, () => {
      assert.equal(parse(row.text).groups.length, row.groups);
    });
    for (const [agent, path, allowed] of row.decisions) {
      it(`${row.name}: ${agent} ${allowed ? 'may' : 'may not'} fetch ${path}`, () => {
        assert.equal(parse(row.text).isAllowed(path, agent), allowed);
      });
    }
  }

  it('a rule before the first User-agent line gets a diagnostic on its line', () => {
    const robots = parse(lines('# header', 'Disallow: /', 'User-agent: a'));
    assert.equal(codesAt(robots, 2).length, 1);
    assert.notEqual(robots.diagnostics.find((d) => d.line === 2)?.severity, 'info');
  });

  it('groups record their agents, rules and first line as written', () => {
    const robots = parse(
      lines('# c', 'User-agent: Foo', 'user-agent: BAR/1.0', 'Allow: /a', 'Disallow: /b'),
    );
    const [group] = robots.groups;
    assert.equal(group.line, 2);
    assert.deepEqual(
      group.agents.map((a) => [a.value, a.token, a.line]),
      [
        ['Foo', 'foo', 2],
        ['BAR/1.0', 'bar', 3],
      ],
    );
    assert.deepEqual(
      group.rules.map((r) => [r.kind, r.pattern, r.line]),
      [
        ['allow', '/a', 4],
        ['disallow', '/b', 5],
      ],
    );
  });
});

describe('product tokens (rfc9309 §2.2.1)', () => {
  const tokens: { name: string; value: string; token: string; warned: boolean }[] = [
    {
      name: 'a plain token is read as is, lower-cased',
      value: 'GoogleBot',
      token: 'googlebot',
      warned: false,
    },
    {
      name: 'a token with - and _ is read whole',
      value: 'Googlebot-News_x',
      token: 'googlebot-news_x',
      warned: false,
    },
    { name: 'MJ12bot is read as MJ, with a warning', value: 'MJ12bot', token: 'mj', warned: true },
    {
      name: 'a /version suffix is dropped, with only an info note (it changes nothing)',
      value: 'Googlebot/2.1',
      token: 'googlebot',
      warned: false,
    },
    {
      name: 'a second word is dropped, with a warning',
      value: 'foo bar',
      token: 'foo',
      warned: true,
    },
    {
      name: 'a value starting with a digit has no token, with a warning',
      value: '123bot',
      token: '',
      warned: true,
    },
    { name: '* is the wildcard', value: '*', token: '*', warned: false },
  ];
  for (const row of tokens) {
    it(`${row.name}: ${JSON.stringify(row.value)} -> ${JSON.stringify(row.token)}`, () => {
      const robots = parse(`User-agent: ${row.value}\nDisallow: /\n`);
      assert.equal(robots.groups[0].agents[0].token, row.token);
      assert.equal(robots.groups[0].agents[0].value, row.value);
      const warnings = robots.diagnostics.filter((d) => d.line === 1 && d.severity === 'warning');
      assert.equal(warnings.length > 0, row.warned);
    });
  }

  it('a /version suffix gets an info note saying the version is ignored', () => {
    const robots = parse('User-agent: WebZip/4.0\nDisallow: /\n');
    assert.deepEqual(
      robots.diagnostics.map((d) => [d.line, d.severity, d.code]),
      [[1, 'info', 'user-agent-version']],
    );
  });

  const callers: { name: string; value: string; agent: string; mode: Mode; named: boolean }[] = [
    {
      name: 'a MJ12bot group names the caller MJ',
      value: 'MJ12bot',
      agent: 'MJ',
      mode: 'rfc',
      named: true,
    },
    {
      name: 'a MJ12bot group does not name the caller MJ12bot',
      value: 'MJ12bot',
      agent: 'MJ12bot',
      mode: 'rfc',
      named: false,
    },
    {
      name: 'google: a MJ12bot group names the caller MJ',
      value: 'MJ12bot',
      agent: 'MJ',
      mode: 'google',
      named: true,
    },
    {
      name: 'google: a MJ12bot group does not name the caller MJ12bot',
      value: 'MJ12bot',
      agent: 'MJ12bot',
      mode: 'google',
      named: false,
    },
    {
      name: 'rfc: the caller Googlebot/2.1 is Googlebot',
      value: 'Googlebot',
      agent: 'Googlebot/2.1',
      mode: 'rfc',
      named: true,
    },
    {
      name: 'google: the caller Googlebot/2.1 is compared as given and names no group',
      value: 'Googlebot',
      agent: 'Googlebot/2.1',
      mode: 'google',
      named: false,
    },
    {
      name: 'the caller is compared case-insensitively',
      value: 'googlebot',
      agent: 'GOOGLEBOT',
      mode: 'rfc',
      named: true,
    },
    {
      name: 'google: the caller is compared case-insensitively',
      value: 'googlebot',
      agent: 'GOOGLEBOT',
      mode: 'google',
      named: true,
    },
    {
      name: 'a longer file token does not name a shorter caller',
      value: 'Googlebot-News',
      agent: 'Googlebot',
      mode: 'rfc',
      named: false,
    },
    {
      name: 'a shorter file token does not name a longer caller',
      value: 'Googlebot',
      agent: 'Googlebot-News',
      mode: 'rfc',
      named: false,
    },
    {
      name: 'a file value with a version names the bare caller',
      value: 'Googlebot/2.1',
      agent: 'Googlebot',
      mode: 'rfc',
      named: true,
    },
    {
      name: 'rfc: a value without a product token names no crawler, not even the empty agent',
      value: '123',
      agent: '',
      mode: 'rfc',
      named: false,
    },
    {
      name: 'google: a value without a product token names the empty agent',
      value: '123',
      agent: '',
      mode: 'google',
      named: true,
    },
    {
      name: 'case folding is ASCII only: the Kelvin sign (U+212A) is not k',
      value: 'kbot',
      agent: '\u212Abot',
      mode: 'rfc',
      named: false,
    },
    {
      name: 'google: case folding is ASCII only: the Kelvin sign (U+212A) is not k',
      value: 'kbot',
      agent: '\u212Abot',
      mode: 'google',
      named: false,
    },
    {
      name: 'google: the caller is compared as given: a /version never names a group',
      value: 'Googlebot/2.1',
      agent: 'Googlebot/2.1',
      mode: 'google',
      named: false,
    },
  ];
  for (const row of callers) {
    it(row.name, () => {
      const robots = parse(
        `User-agent: ${row.value}\nDisallow: /named\n\nUser-agent: *\nDisallow: /star\n`,
        {
          mode: row.mode,
        },
      );
      assert.equal(robots.isAllowed('/named', row.agent), !row.named);
      assert.equal(robots.isAllowed('/star', row.agent), row.named);
      assert.equal(robots.explain('/x', row.agent).selection, row.named ? 'specific' : 'global');
    });
  }
});

describe('group selection and merging (rfc9309 §2.2.1)', () => {
  const merged = lines(
    'User-agent: a',
    'Disallow: /x',
    'User-agent: *',
    'Disallow: /star',
    'User-agent: b',
    'Disallow: /y',
    'User-agent: A',
    'Disallow: /z',
    'Allow: /x/open',
  );
  const rows: { name: string; agent: string; path: string; allowed: boolean }[] = [
    {
      name: 'rules of the first group naming the crawler apply',
      agent: 'a',
      path: '/x',
      allowed: false,
    },
    {
      name: 'rules of a later group naming the crawler apply',
      agent: 'a',
      path: '/z',
      allowed: false,
    },
    {
      name: 'rules across merged groups compete by length',
      agent: 'a',
      path: '/x/open',
      allowed: true,
    },
    {
      name: 'rules of a group naming another crawler do not apply',
      agent: 'a',
      path: '/y',
      allowed: true,
    },
    {
      name: 'rules of the * group never leak into named groups',
      agent: 'a',
      path: '/star',
      allowed: true,
    },
    {
      name: 'the * group applies when no group names the crawler',
      agent: 'c',
      path: '/star',
      allowed: false,
    },
    {
      name: 'named groups do not apply to a crawler that falls back to *',
      agent: 'c',
      path: '/x',
      allowed: true,
    },
  ];
  for (const row of rows) {
    it(row.name, () => assert.equal(parse(merged).isAllowed(row.path, row.agent), row.allowed));
  }

  it('explain lists the merged groups in file order', () => {
    const { groups, selection } = parse(merged).explain('/x', 'a');
    assert.equal(selection, 'specific');
    assert.deepEqual(
      groups.map((g) => g.line),
      [1, 7],
    );
  });

  it('several * groups are merged too', () => {
    const robots = parse(
      lines(
        'User-agent: *',
        'Disallow: /p',
        'User-agent: a',
        'Disallow: /',
        'User-agent: *',
        'Disallow: /q',
      ),
    );
    assert.equal(robots.isAllowed('/p', 'z'), false);
    assert.equal(robots.isAllowed('/q', 'z'), false);
    assert.deepEqual(
      robots.explain('/', 'z').groups.map((g) => g.line),
      [1, 5],
    );
  });

  it('a group naming the crawler twice is selected once', () => {
    const robots = parse(lines('User-agent: a', 'User-agent: A', 'Disallow: /x'));
    assert.equal(robots.explain('/x', 'a').groups.length, 1);
  });

  it('a group naming both the crawler and * is a named group for it', () => {
    const robots = parse(
      lines('User-agent: a', 'User-agent: *', 'Disallow: /x', 'User-agent: *', 'Disallow: /y'),
    );
    assert.equal(robots.isAllowed('/y', 'a'), true);
    assert.equal(robots.isAllowed('/x', 'a'), false);
    assert.equal(robots.isAllowed('/y', 'z'), false);
  });
});

describe('crawl-delay', () => {
  const rows: { name: string; text: string; agent: string; delay: number | undefined }[] = [
    {
      name: 'an integer number of seconds',
      text: lines('User-agent: a', 'Crawl-delay: 10'),
      agent: 'a',
      delay: 10,
    },
    {
      name: 'a decimal number of seconds',
      text: lines('User-agent: a', 'Crawl-delay: 1.5'),
      agent: 'a',
      delay: 1.5,
    },
    {
      name: 'a decimal without a leading digit',
      text: lines('User-agent: a', 'Crawl-delay: .5'),
      agent: 'a',
      delay: 0.5,
    },
    {
      name: 'zero is a valid delay',
      text: lines('User-agent: a', 'Crawl-delay: 0'),
      agent: 'a',
      delay: 0,
    },
    {
      name: 'a negative value is ignored',
      text: lines('User-agent: a', 'Crawl-delay: -1'),
      agent: 'a',
      delay: undefined,
    },
    {
      name: 'a value with a unit is ignored',
      text: lines('User-agent: a', 'Crawl-delay: 5s'),
      agent: 'a',
      delay: undefined,
    },
    {
      name: 'a word is ignored',
      text: lines('User-agent: a', 'Crawl-delay: slow'),
      agent: 'a',
      delay: undefined,
    },
    {
      name: 'an empty value is ignored',
      text: lines('User-agent: a', 'Crawl-delay:'),
      agent: 'a',
      delay: undefined,
    },
    {
      name: 'the first valid value wins',
      text: lines('User-agent: a', 'Crawl-delay: 3', 'Crawl-delay: 9'),
      agent: 'a',
      delay: 3,
    },
    {
      name: 'an invalid value does not hide the next valid one',
      text: lines('User-agent: a', 'Crawl-delay: x', 'Crawl-delay: 9'),
      agent: 'a',
      delay: 9,
    },
    {
      name: 'the first valid value across merged groups wins, in file order',
      text: lines(
        'User-agent: a',
        'Crawl-delay: 8',
        'User-agent: b',
        'Crawl-delay: 1',
        'User-agent: a',
        'Crawl-delay: 2',
      ),
      agent: 'a',
      delay: 8,
    },
    {
      name: 'a later merged group supplies the value when the first has none',
      text: lines(
        'User-agent: a',
        'Disallow: /x',
        'User-agent: b',
        'Crawl-delay: 1',
        'User-agent: a',
        'Crawl-delay: 2',
      ),
      agent: 'a',
      delay: 2,
    },
    {
      name: 'the * group supplies the value when no group names the crawler',
      text: lines('User-agent: *', 'Crawl-delay: 4', 'User-agent: a', 'Disallow: /'),
      agent: 'z',
      delay: 4,
    },
    {
      name: 'a named group without a Crawl-delay does not inherit the * value',
      text: lines('User-agent: *', 'Crawl-delay: 4', 'User-agent: a', 'Disallow: /'),
      agent: 'a',
      delay: undefined,
    },
    {
      name: 'a Crawl-delay before any User-agent line applies to no crawler',
      text: lines('Crawl-delay: 4', 'User-agent: *', 'Disallow: /'),
      agent: 'z',
      delay: undefined,
    },
    { name: 'a file without groups has no delay', text: '', agent: 'z', delay: undefined },
  ];
  for (const row of rows) {
    it(row.name, () => assert.equal(parse(row.text).crawlDelay(row.agent), row.delay));
  }

  it('a non-numeric Crawl-delay gets a diagnostic on its line', () => {
    const robots = parse(lines('User-agent: a', 'Crawl-delay: slow'));
    assert.equal(codesAt(robots, 2).length, 1);
    assert.notEqual(robots.diagnostics.find((d) => d.line === 2)?.severity, 'info');
  });

  it('the group records its first valid Crawl-delay', () => {
    const robots = parse(
      lines('User-agent: a', 'Crawl-delay: x', 'Crawl-delay: 2.5', 'Crawl-delay: 7'),
    );
    assert.equal(robots.groups[0].crawlDelay, 2.5);
  });
});

describe('sitemaps', () => {
  it('rfc: only absolute http(s) URLs are kept, in file order, each other value with a diagnostic', () => {
    const robots = parse(
      lines(
        'Sitemap: https://e.example/1.xml',
        'Sitemap: /relative.xml',
        'User-agent: *',
        'Sitemap: HTTP://E.EXAMPLE/2.xml',
        'Sitemap: ftp://e.example/3.xml',
        'Disallow: /',
        'Sitemap: sitemap.xml',
        'Sitemap: http://e.example/4.xml',
        'Sitemap:',
      ),
    );
    assert.deepEqual(robots.sitemaps, [
      'https://e.example/1.xml',
      'HTTP://E.EXAMPLE/2.xml',
      'http://e.example/4.xml',
    ]);
    for (const line of [2, 5, 7, 9]) {
      assert.equal(codesAt(robots, line).length, 1, `line ${line} has a diagnostic`);
    }
    for (const line of [1, 4, 8]) {
      assert.deepEqual(codesAt(robots, line), [], `line ${line} has none`);
    }
  });

  it('rfc: a URL with a scheme but no host is not kept', () => {
    assert.deepEqual(parse('Sitemap: https://\n').sitemaps, []);
  });

  it('google: every non-empty Sitemap value is kept, in file order', () => {
    const robots = parse(lines('Sitemap: /relative.xml', 'Sitemap: https://e.example/1.xml'), {
      mode: 'google',
    });
    assert.deepEqual(robots.sitemaps, ['/relative.xml', 'https://e.example/1.xml']);
  });

  it('sitemaps are global: a Sitemap inside a group belongs to every crawler', () => {
    const robots = parse(lines('User-agent: a', 'Sitemap: https://e.example/a.xml', 'Disallow: /'));
    assert.deepEqual(robots.sitemaps, ['https://e.example/a.xml']);
    assert.deepEqual(robots.extensions('a'), []);
  });
});

describe('google mode readings (Google-compatible)', () => {
  const typos: { name: string; line: string; path: string; allowed: boolean }[] = [
    { name: 'disalow is read as Disallow', line: 'Disalow: /x', path: '/x', allowed: false },
    { name: 'dissallow is read as Disallow', line: 'dissallow: /x', path: '/x', allowed: false },
    { name: 'dissalow is read as Disallow', line: 'dissalow: /x', path: '/x', allowed: false },
    { name: 'diasllow is read as Disallow', line: 'diasllow: /x', path: '/x', allowed: false },
    { name: 'disallaw is read as Disallow', line: 'disallaw: /x', path: '/x', allowed: false },
  ];
  for (const row of typos) {
    it(`google: ${row.name}`, () => {
      const robots = parse(lines('User-agent: a', row.line), { mode: 'google' });
      assert.equal(robots.isAllowed(row.path, 'a'), row.allowed);
    });
    it(`rfc: ${row.name.replace('is read as', 'is not')}, and gets a warning`, () => {
      const robots = parse(lines('User-agent: a', row.line));
      assert.equal(robots.isAllowed(row.path, 'a'), true);
      assert.equal(robots.diagnostics.find((d) => d.line === 2)?.severity, 'warning');
    });
  }

  const agentTypos = ['useragent: a', 'user agent: a', 'User Agent: a'];
  for (const line of agentTypos) {
    it(`google: ${JSON.stringify(line)} is read as User-agent`, () => {
      const robots = parse(lines(line, 'Disallow: /x'), { mode: 'google' });
      assert.equal(robots.isAllowed('/x', 'a'), false);
    });
    it(`rfc: ${JSON.stringify(line)} is not a User-agent line`, () => {
      const robots = parse(lines(line, 'Disallow: /x'));
      assert.equal(robots.isAllowed('/x', 'a'), true);
      assert.equal(robots.groups.length, 0);
    });
  }

  it('google: site-map is read as Sitemap; rfc keeps it as an extension', () => {
    const text = 'Site-map: https://e.example/s.xml\n';
    assert.deepEqual(parse(text, { mode: 'google' }).sitemaps, ['https://e.example/s.xml']);
    assert.deepEqual(parse(text).sitemaps, []);
    assert.deepEqual(
      parse(text)
        .extensions()
        .map((e) => e.name),
      ['site-map'],
    );
  });

  it('google: a Sitemap line ends a run of User-agent lines', () => {
    const robots = parse(
      lines('User-agent: a', 'Sitemap: https://e.example/s.xml', 'User-agent: b', 'Disallow: /'),
      {
        mode: 'google',
      },
    );
    assert.equal(robots.isAllowed('/x', 'a'), true);
    assert.equal(robots.isAllowed('/x', 'b'), false);
  });

  it('google: a Sitemap among the rules keeps later rules in the group', () => {
    const robots = parse(
      lines('User-agent: a', 'Disallow: /x', 'Sitemap: https://e.example/s.xml', 'Disallow: /y'),
      {
        mode: 'google',
      },
    );
    assert.equal(robots.isAllowed('/y', 'a'), false);
  });
});

describe('diagnostics', () => {
  const messy = lines(
    '\ufeffDisallow: /before',
    'Crawl-delay: 3',
    'Host: e.example',
    'User-agent: MJ12bot',
    'User-agent: 1a',
    'Disallow /nocolon',
    ': empty',
    'Crawl-delay: soon',
    'Crawl-delay: 1',
    'Crawl-delay: 2',
    'Disalow: /typo',
    'Allow: relative',
    'Sitemap: /relative.xml',
    'Sitemap:',
    'gibberish',
    'Unknown: x',
  );
  for (const mode of ['rfc', 'google'] as const) {
    it(`${mode}: every diagnostic has an integer line within the file and a known severity`, () => {
      const robots = parse(messy, { mode, maxBytes: 200 });
      assert.ok(robots.diagnostics.length > 0);
      for (const d of robots.diagnostics) {
        assert.ok(Number.isInteger(d.line), JSON.stringify(d));
        assert.ok(d.line >= 0 && d.line <= robots.lineCount, JSON.stringify(d));
        assert.ok(['error', 'warning', 'info'].includes(d.severity), JSON.stringify(d));
        assert.match(d.code, /^[a-z0-9]+(-[a-z0-9]+)*$/, JSON.stringify(d));
        assert.ok(d.message.length > 0, JSON.stringify(d));
      }
    });

    it(`${mode}: diagnostics are in line order`, () => {
      const found = parse(messy, { mode }).diagnostics.map((d) => d.line);
      assert.deepEqual(
        found,
        [...found].sort((a, b) => a - b),
      );
    });
  }

  const flagged: { name: string; line: number }[] = [
    { name: 'a rule before any User-agent line', line: 1 },
    { name: 'a Crawl-delay before any User-agent line', line: 2 },
    { name: 'a User-agent value that is not a product token', line: 4 },
    { name: 'a User-agent value without a product token', line: 5 },
    { name: 'a line without a colon', line: 6 },
    { name: 'a line with an empty key', line: 7 },
    { name: 'a non-numeric Crawl-delay', line: 8 },
    { name: 'a repeated Crawl-delay', line: 10 },
    { name: 'a directive typo that Google reads', line: 11 },
    { name: 'a pattern that does not start with /', line: 12 },
    { name: 'a relative Sitemap', line: 13 },
    { name: 'an empty Sitemap', line: 14 },
    { name: 'a line that is not key: value', line: 15 },
    { name: 'an unknown directive', line: 16 },
  ];
  for (const row of flagged) {
    it(`rfc: ${row.name} gets a diagnostic on its line (${row.line})`, () => {
      assert.ok(codesAt(parse(messy), row.line).length > 0);
    });
  }

  it('a clean file has no diagnostics', () => {
    const clean = lines(
      'User-agent: a',
      'User-agent: b',
      'Allow: /a',
      'Disallow: /',
      'Crawl-delay: 2',
      'Sitemap: https://e.example/s.xml',
    );
    assert.deepEqual(parse(clean).diagnostics, []);
  });

  it('invalid UTF-8 gets a diagnostic on its line, with CR, CRLF and LF line ends', () => {
    const e = new TextEncoder();
    const bytes = new Uint8Array([
      ...e.encode('User-agent: a\rDisallow: /x'),
      0xff,
      0x0d,
      ...e.encode('Allow: /y'),
      0xfe,
      0x0d,
      0x0a,
      ...e.encode('Allow: /z'),
      0xfd,
      0x0a,
      ...e.encode('Allow: /w'),
    ]);
    const robots = parse(bytes);
    assert.deepEqual(
      robots.diagnostics.filter((d) => d.code === 'invalid-utf8').map((d) => d.line),
      [2, 3, 4],
    );
    assert.deepEqual(ruleLines(robots), [2, 3, 4, 5]);
  });

  it('invalid UTF-8 gets a diagnostic on its line', () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('User-agent: a\nDisallow: /x'),
      0xff,
      0x0a,
    ]);
    const robots = parse(bytes);
    assert.ok(codesAt(robots, 2).length > 0);
  });
});

describe('line ends at the very end of the file', () => {
  const rows: { name: string; text: string; lines: number }[] = [
    { name: 'a final CR', text: 'User-agent: *\rDisallow: /\r', lines: 3 },
    { name: 'a final LF', text: 'User-agent: *\nDisallow: /\n', lines: 3 },
    { name: 'a final CRLF', text: 'User-agent: *\r\nDisallow: /\r\n', lines: 3 },
    { name: 'a lone CR', text: '\r', lines: 2 },
    { name: 'CR CR', text: 'Sitemap: https://example.com/s.xml\r\r', lines: 3 },
  ];
  for (const row of rows) {
    it(`${row.name} ends the last line and leaves no diagnostic`, () => {
      for (const mode of ['rfc', 'google'] as const) {
        const robots = parse(row.text, { mode });
        assert.equal(robots.lineCount, row.lines, mode);
        assert.deepEqual(
          robots.diagnostics.filter((d) => d.code !== 'no-groups'),
          [],
          mode,
        );
      }
    });
  }
});
