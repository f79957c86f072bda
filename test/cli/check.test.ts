// `heed check`, `heed explain` and `heed lint`: output, JSON shape and exit codes.

import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { run } from '../../src/cli/program.js';
import { memoryIo } from '../helpers/memory-io.js';
import { caseBody, complianceCases } from '../helpers/shared.js';

const ROBOTS =
  'User-agent: *\nDisallow: /private\nAllow: /private/press\n\nUser-agent: FooBot\nDisallow: /%7Euser/\n';

describe('heed check', () => {
  it('prints one decision per URL and exits 0 when every URL is allowed', async () => {
    const io = memoryIo({ 'robots.txt': ROBOTS });
    const code = await run(
      ['check', 'robots.txt', 'ExampleBot', '/public', '/private/press/1'],
      io,
    );
    assert.equal(code, 0);
    const lines = io.out.trim().split('\n');
    assert.equal(lines.length, 2);
    assert.match(lines[0], /^allowed\s+\/public\s/);
    assert.match(lines[1], /^allowed\s+\/private\/press\/1\s+Allow: \/private\/press \(line 3\)/);
  });

  it('exits 1 when any URL is disallowed', async () => {
    const io = memoryIo({ 'robots.txt': ROBOTS });
    const code = await run(
      ['check', 'robots.txt', 'ExampleBot', '/public', 'https://example.com/private/x'],
      io,
    );
    assert.equal(code, 1);
    assert.match(
      io.out,
      /disallowed\s+https:\/\/example\.com\/private\/x\s+Disallow: \/private \(line 2\)/,
    );
  });

  it('prints the documented JSON object per URL with --json', async () => {
    const io = memoryIo({ 'robots.txt': ROBOTS });
    await run(['check', '--json', 'robots.txt', 'FooBot/1.0', '/~user/a', '/x'], io);
    const [first, second] = io.out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.deepEqual(first, {
      url: '/~user/a',
      agent: 'FooBot/1.0',
      allowed: false,
      rule: { kind: 'disallow', pattern: '/%7Euser/', normalized: '/~user/', line: 6 },
    });
    assert.deepEqual(second, { url: '/x', agent: 'FooBot/1.0', allowed: true, rule: null });
  });

  it('reads URLs from --urls and the robots file from standard input', async () => {
    const io = memoryIo({ 'urls.txt': '/a\n/private/b\n\n' }, ROBOTS);
    const code = await run(['check', '--urls', 'urls.txt', '-', 'ExampleBot'], io);
    assert.equal(code, 1);
    assert.equal(io.out.trim().split('\n').length, 2);
  });

  it('decides by Google rules with --mode google', async () => {
    const io = memoryIo({ 'robots.txt': 'User-agent: *\nDisallow: /robots.txt\n' });
    assert.equal(await run(['check', 'robots.txt', 'a', '/robots.txt'], io), 0);
    assert.equal(await run(['check', '--mode', 'google', 'robots.txt', 'a', '/robots.txt'], io), 1);
  });

  it('exits 2 with a message naming the file when it cannot be read', async () => {
    const io = memoryIo();
    assert.equal(await run(['check', 'missing.txt', 'a', '/'], io), 2);
    assert.match(io.err, /cannot read robots file 'missing\.txt': ENOENT/);
  });

  it('exits 2 on usage errors: unknown mode, missing arguments, no URL', async () => {
    const io = memoryIo({ 'robots.txt': ROBOTS });
    assert.equal(await run(['check', '--mode', 'bing', 'robots.txt', 'a', '/'], io), 2);
    assert.equal(await run(['check', 'robots.txt'], io), 2);
    assert.equal(await run(['check', 'robots.txt', 'a'], io), 2);
    assert.equal(await run(['frobnicate'], io), 2);
  });

  it('shows help with examples and exit codes, exiting 0', async () => {
    const io = memoryIo();
    assert.equal(await run(['check', '--help'], io), 0);
    assert.match(io.out, /Examples:/);
    assert.match(io.out, /Exit codes:/);
  });
});

describe('heed explain', () => {
  it('shows the rule as written, as compared, its line and the group', async () => {
    const io = memoryIo({ 'robots.txt': ROBOTS });
    const code = await run(['explain', 'robots.txt', 'FooBot', '/%7euser/notes'], io);
    assert.equal(code, 1);
    assert.match(io.out, /DISALLOWED for FooBot/);
    assert.match(io.out, /Disallow: \/%7Euser\/ \(line 6\)/);
    assert.match(io.out, /compared\s+\/~user\/\s/);
    assert.match(io.out, /compared as \/~user\/notes/);
    assert.match(io.out, /line 5: User-agent FooBot/);
  });
});

describe('heed lint', () => {
  it('lists line-numbered findings and exits 1 when there are warnings', async () => {
    const io = memoryIo({
      'robots.txt': 'Disallow: /early\nUser-agent: *\nDisalow: /x\nnonsense\n',
    });
    assert.equal(await run(['lint', 'robots.txt'], io), 1);
    assert.match(io.out, /robots\.txt:1: warning \[rule-outside-group\]/);
    assert.match(io.out, /robots\.txt:3: warning \[unknown-directive\]/);
    assert.match(io.out, /robots\.txt:4: error \[missing-colon\]/);
  });

  it('exits 0 on a clean file', async () => {
    const io = memoryIo({ 'robots.txt': 'User-agent: *\nDisallow: /x\n' });
    assert.equal(await run(['lint', 'robots.txt'], io), 0);
  });
});

describe("the built executable as the command of Google's compliance harness", () => {
  const bin = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'heed-harness-'));
  // A sample of the suite, including empty agents and URLs, through a real process each.
  const sample = complianceCases().filter(
    (c, i) => i % 20 === 0 || c.useragent === '' || c.url === '',
  );

  it('runs `heed check --mode google <robots> <agent> <url>` with exit 0 allowed, 1 disallowed', () => {
    assert.ok(sample.length >= 20);
    for (const [i, c] of sample.entries()) {
      const file = join(dir, `robots-${i}.txt`);
      writeFileSync(file, caseBody(c));
      const result = spawnSync(process.execPath, [
        bin,
        'check',
        '--mode',
        'google',
        file,
        c.useragent,
        c.url,
      ]);
      assert.equal(result.status, c.expected === 'allowed' ? 0 : 1, `${c.id}: ${result.stderr}`);
    }
  });

  it('prints its usage and exits 2 without arguments', () => {
    assert.throws(
      () => execFileSync(process.execPath, [bin], { stdio: 'pipe' }),
      (e: { status: number }) => e.status === 2,
    );
  });
});
