// src/core is platform-free (STYLE.md, "Pure core"): it imports no Node built-in and no package,
// only its own files, and touches no process, file system, timers, network or console.

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { describe, it } from 'node:test';

const CORE = new URL('../../src/core/', import.meta.url);

/** Every TypeScript/JavaScript file under src/core, as [relative name, source]. */
function coreFiles(): [string, string][] {
  const names = readdirSync(CORE, { recursive: true, encoding: 'utf8' })
    .filter((n) => /\.(?:[cm]?ts|[cm]?js|tsx)$/.test(n))
    .sort();
  return names.map((n) => [n, readFileSync(new URL(n, CORE), 'utf8')]);
}

/** Module specifiers of static imports/exports, dynamic imports and require calls. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\s[^'"]*?\sfrom\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) found.push(m[1]);
  return found;
}

/** The source without comments, so words in prose do not count as uses. */
function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"\\])\/\/.*$/gm, '$1');
}

const BUILTINS = new Set(builtinModules.flatMap((m) => [m, m.split('/')[0]]));

describe('src/core is platform-free', () => {
  it('src/core has source files to check', () => {
    assert.ok(coreFiles().length >= 5);
    assert.ok(coreFiles().some(([n]) => n === 'index.ts'));
  });

  it('the import scanner finds every kind of import (self-check)', () => {
    const sample = [
      "import { a } from 'node:fs';",
      "import type { B } from './b.js';",
      "export { c } from 'pkg';",
      "import 'side-effect';",
      "const d = await import('node:path');",
      "const e = require('os');",
      'import {\n  f,\n  g,\n} from "multi";',
    ].join('\n');
    assert.deepEqual(specifiers(sample).sort(), [
      './b.js',
      'multi',
      'node:fs',
      'node:path',
      'os',
      'pkg',
      'side-effect',
    ]);
  });

  for (const [name, source] of coreFiles()) {
    it(`${name} imports no node: module or Node built-in`, () => {
      const bad = specifiers(source).filter(
        (s) => s.startsWith('node:') || BUILTINS.has(s) || BUILTINS.has(s.split('/')[0]),
      );
      assert.deepEqual(bad, []);
    });

    it(`${name} imports only files of src/core (no runtime dependency)`, () => {
      for (const s of specifiers(source)) {
        assert.ok(s.startsWith('./'), `${s} is not a src/core file`);
        const target = new URL(s.replace(/\.js$/, '.ts'), new URL(name, CORE));
        assert.ok(target.href.startsWith(CORE.href), `${s} leaves src/core`);
        assert.ok(existsSync(target), `${s} exists`);
      }
    });

    it(`${name} uses no process, Buffer, file system, timers, network or console`, () => {
      const forbidden = [
        /\bprocess\s*\./,
        /\bBuffer\b/,
        /\b__dirname\b/,
        /\b__filename\b/,
        /\brequire\s*\(/,
        /\bset(?:Timeout|Interval|Immediate)\s*\(/,
        /\bfetch\s*\(/,
        /\bXMLHttpRequest\b/,
        /\bconsole\s*\./,
        /\bDeno\b/,
        /\bBun\b/,
      ];
      const body = code(source);
      assert.deepEqual(forbidden.filter((re) => re.test(body)).map(String), []);
    });
  }
});
