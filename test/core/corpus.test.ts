// Real-world files (../shared/corpus/robots/*.txt, 1,991 robots.txt that websites served): each
// parses in both modes without throwing, its diagnostics and lines point inside the file, and
// decisions on paths drawn from its own rules agree between isAllowed and explain.
// The shared folder sits beside the repository; if it is missing these tests fail, not skip.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { type Mode, parse, type RobotsTxt } from '../../src/core/index.js';

const CORPUS = new URL('../../../shared/corpus/robots/', import.meta.url);
const MODES: Mode[] = ['rfc', 'google'];
const SEVERITIES = ['error', 'warning', 'info'];
/** An agent no real file names. */
const STRANGER = 'heed-corpus-stranger';

interface CorpusFile {
  name: string;
  bytes: Uint8Array;
  parsed: Record<Mode, RobotsTxt>;
}

let loaded: CorpusFile[] | undefined;
/** Every corpus file, read and parsed once (throws when the folder is missing). */
function corpus(): CorpusFile[] {
  if (loaded) return loaded;
  const names = readdirSync(CORPUS)
    .filter((n) => n.endsWith('.txt'))
    .sort();
  loaded = names.map((name) => {
    const bytes = new Uint8Array(readFileSync(new URL(name, CORPUS)));
    return {
      name,
      bytes,
      parsed: { rfc: parse(bytes, { mode: 'rfc' }), google: parse(bytes, { mode: 'google' }) },
    };
  });
  return loaded;
}

/** Up to `max` agents the file names (as written), plus one it does not. */
function agentsOf(robots: RobotsTxt, max = 6): string[] {
  const named = robots.groups.flatMap((g) => g.agents.map((a) => a.value)).filter((v) => v !== '*');
  return [...new Set(named)].slice(0, max).concat(STRANGER);
}

/** Plain rule values: printable ASCII without operators or escapes, so a path equal to one is unambiguous. */
const PLAIN = /^\/(?!\/)[!-~]*$/;
function isPlain(pattern: string): boolean {
  return PLAIN.test(pattern) && !/[*$%#]/.test(pattern);
}

/** Up to `max` paths drawn from the file's rules, with operators filled in. */
function pathsOf(robots: RobotsTxt, max = 12): string[] {
  const paths = new Set<string>(['/', '/robots.txt', '/index.html?q=1']);
  for (const group of robots.groups) {
    for (const rule of group.rules) {
      if (paths.size >= max) return [...paths];
      const p = rule.pattern.replace(/\$$/, '').replaceAll('*', 'x');
      if (p.startsWith('/')) paths.add(p + (rule.pattern.endsWith('$') ? '' : 'tail'));
    }
  }
  return [...paths];
}

describe('real-world corpus (shared/corpus/robots)', () => {
  it('the corpus folder exists and holds every file its MANIFEST lists', () => {
    const manifest = readFileSync(new URL('MANIFEST.tsv', CORPUS), 'utf8')
      .split('\n')
      .slice(1)
      .filter((l) => l.trim() !== '')
      .map((l) => l.split('\t')[0])
      .sort();
    assert.ok(manifest.length > 0, 'MANIFEST.tsv lists files');
    assert.deepEqual(
      corpus().map((f) => f.name),
      manifest,
    );
  });

  it('every file parses in both modes without throwing', () => {
    const files = corpus();
    assert.ok(files.length > 0);
    for (const f of files) {
      for (const mode of MODES) assert.equal(f.parsed[mode].mode, mode, f.name);
    }
  });

  it('bytes are counted exactly', () => {
    const wrong = corpus()
      .filter((f) => MODES.some((mode) => f.parsed[mode].bytes !== f.bytes.length))
      .map((f) => f.name);
    assert.deepEqual(wrong, []);
  });

  it('every diagnostic has a line within the file (0..lineCount) and a known severity', () => {
    const bad: string[] = [];
    for (const f of corpus()) {
      for (const mode of MODES) {
        const robots = f.parsed[mode];
        for (const d of robots.diagnostics) {
          const lineOk = Number.isInteger(d.line) && d.line >= 0 && d.line <= robots.lineCount;
          if (!lineOk || !SEVERITIES.includes(d.severity) || d.message === '') {
            bad.push(`${f.name} (${mode}): ${JSON.stringify(d)}`);
          }
        }
      }
    }
    assert.deepEqual(bad, []);
  });

  it('diagnostics are in line order', () => {
    const bad = corpus()
      .filter((f) =>
        MODES.some((mode) =>
          f.parsed[mode].diagnostics.some((d, i, all) => i > 0 && all[i - 1].line > d.line),
        ),
      )
      .map((f) => f.name);
    assert.deepEqual(bad, []);
  });

  it('agents and rules sit on lines within the file, in file order', () => {
    const bad: string[] = [];
    for (const f of corpus()) {
      for (const mode of MODES) {
        const robots = f.parsed[mode];
        let last = 0;
        for (const group of robots.groups) {
          const groupLines = [
            ...group.agents.map((a) => a.line),
            ...group.rules.map((r) => r.line),
          ];
          if (group.line <= last || group.line !== group.agents[0]?.line) {
            bad.push(`${f.name} (${mode}): group at line ${group.line}`);
          }
          for (const line of groupLines) {
            if (!Number.isInteger(line) || line < 1 || line > robots.lineCount) {
              bad.push(`${f.name} (${mode}): line ${line} of ${robots.lineCount}`);
            }
          }
          last = group.line;
        }
      }
    }
    assert.deepEqual(bad, []);
  });

  it('a file that is valid UTF-8 reads the same from bytes and from its text', () => {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const bad: string[] = [];
    let checked = 0;
    for (const f of corpus()) {
      let text: string;
      try {
        text = decoder.decode(f.bytes);
      } catch {
        continue;
      }
      checked++;
      const fromText = parse(text);
      if (JSON.stringify(fromText.groups) !== JSON.stringify(f.parsed.rfc.groups)) bad.push(f.name);
    }
    assert.ok(checked > 0);
    assert.deepEqual(bad, []);
  });

  it('explain agrees with isAllowed on paths drawn from each file', () => {
    const bad: string[] = [];
    let decided = 0;
    for (const f of corpus()) {
      for (const mode of MODES) {
        const robots = f.parsed[mode];
        for (const agent of agentsOf(robots)) {
          for (const path of pathsOf(robots)) {
            decided++;
            const allowed = robots.isAllowed(path, agent);
            const explanation = robots.explain(path, agent);
            if (explanation.allowed !== allowed) bad.push(`${f.name} (${mode}): ${agent} ${path}`);
          }
        }
      }
    }
    assert.ok(decided > corpus().length);
    assert.deepEqual(bad, []);
  });

  it('the rule explain reports belongs to a selected group and decides by its kind', () => {
    const bad: string[] = [];
    for (const f of corpus()) {
      for (const mode of MODES) {
        const robots = f.parsed[mode];
        for (const agent of agentsOf(robots, 3)) {
          for (const path of pathsOf(robots, 8)) {
            const { rule, groups, allowed } = robots.explain(path, agent);
            if (rule === null) continue;
            const owned = groups.some((g) =>
              g.rules.some((r) => r.line === rule.line && r.pattern === rule.pattern),
            );
            if (!owned || allowed !== (rule.kind === 'allow')) {
              bad.push(`${f.name} (${mode}): ${agent} ${path} -> line ${rule.line}`);
            }
          }
        }
      }
    }
    assert.deepEqual(bad, []);
  });

  it('a path equal to a plain rule of a selected group is decided by a rule at least that long', () => {
    const bad: string[] = [];
    let checked = 0;
    for (const f of corpus()) {
      for (const mode of MODES) {
        const robots = f.parsed[mode];
        for (const agent of agentsOf(robots, 3)) {
          const { groups } = robots.explain('/', agent);
          const plain = groups.flatMap((g) => g.rules).filter((r) => isPlain(r.pattern));
          for (const r of plain.slice(0, 8)) {
            const explanation = robots.explain(r.pattern, agent);
            if (explanation.reason === 'robots-txt-exempt') continue;
            checked++;
            const length = explanation.rule?.normalized.length ?? -1;
            if (length < r.pattern.length) {
              bad.push(
                `${f.name} (${mode}): ${agent} ${r.pattern} (line ${r.line}) -> ${explanation.reason}`,
              );
            }
          }
        }
      }
    }
    assert.ok(checked > 1000, `checked ${checked}`);
    assert.deepEqual(bad, []);
  });
});
