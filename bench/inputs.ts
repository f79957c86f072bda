// The benchmark's inputs, all deterministic: the shared real-world corpus with real URLs
// re-hosted onto each file's host, a generated 20,000-rule file, and adversarial files with
// 8 KiB URLs. The same inputs go to heed and to robots-parser.

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hash, random } from '../test/helpers/random.js';
import { corpusPaths } from '../test/helpers/shared.js';

export const SHARED = fileURLToPath(new URL('../../shared/corpus/', import.meta.url));

/**
 * A flat copy of `s`. Strings built with `+` or templates are ropes in V8 until first read,
 * and reading through them is slower; URLs a crawler holds (from `new URL().href`, a parser or
 * a file) are flat, so the questions are made flat too, for heed and robots-parser alike.
 */
export function flat(s: string): string {
  return Buffer.from(s, 'utf8').toString('utf8');
}

export interface Question {
  /** Absolute URL on the file's host. */
  url: string;
  agent: string;
}

export interface CorpusFile {
  name: string;
  host: string;
  bytes: Uint8Array;
  text: string;
  questions: Question[];
}

/** The agents questions rotate through: a named crawler, two common ones, an unknown one. */
export const AGENTS = ['Googlebot', 'bingbot', 'GPTBot', 'heedbot'];
/** Real URLs asked per corpus file. */
export const QUESTIONS_PER_FILE = 28;

/** Every robots.txt of the shared corpus, each with its deterministic sample of real URLs. */
export function loadCorpus(): CorpusFile[] {
  const dir = `${SHARED}robots/`;
  const names = readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort();
  const { all: pool, byHost } = corpusPaths();
  const decoder = new TextDecoder();
  let asked = 0;
  return names.map((name) => {
    const bytes = new Uint8Array(readFileSync(dir + name));
    // `docs.oracle.com__2019.txt` is a second copy of docs.oracle.com's file.
    const host = name.slice(0, -4).replace(/__.*$/, '');
    const own = byHost.get(host) ?? byHost.get(`www.${host}`);
    const next = random(hash(name));
    const questions: Question[] = [];
    for (let k = 0; k < QUESTIONS_PER_FILE; k++) {
      const paths = own && next() < 0.8 ? own : pool;
      const path = paths[Math.floor(next() * paths.length)];
      questions.push({
        url: flat(`https://${host}${path}`),
        agent: AGENTS[asked++ % AGENTS.length],
      });
    }
    return { name, host, bytes, text: decoder.decode(bytes), questions };
  });
}

// ---------------------------------------------------------------------------------------------
// A generated large file

const WORDS = (
  'search cart account user users login admin api v1 v2 static img images css js blog news ' +
  'product products item category tag tags page print share feed rss amp mobile de fr es ' +
  'checkout wishlist compare review reviews help faq about contact media download tmp cgi-bin ' +
  'caf\u00e9 \u00fcber \u65e5\u672c \u043a\u043d\u0438\u0433\u0438 %7Euser a%20b %2Fencoded %c3%a9t%c3%a9 ' +
  'q sort filter color size price ref utm_source sessionid'
).split(' ');
const EXTENSIONS = ['.pdf', '.php', '.json', '.xml', '.jpg', '.html', '.asp'];

export interface GeneratedFile {
  name: string;
  host: string;
  text: string;
  rules: number;
  questions: Question[];
}

/** 20,000 rules: half with `*`, some ending in `$`, with escapes and UTF-8; under 500 KiB. */
export function generateLargeFile(ruleCount = 20_000): GeneratedFile {
  const next = random(20_000);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const lines = ['User-agent: Googlebot', 'Disallow: /nogoogle/', '', 'User-agent: *'];
  const patterns: string[] = [];
  for (let k = 0; k < ruleCount; k++) {
    const depth = 1 + Math.floor(next() * 2.6);
    let p = '';
    for (let d = 0; d < depth; d++) p += `/${pick(WORDS)}`;
    if (next() < 0.4) p += `/${Math.floor(next() * 1000)}`;
    if (k % 2 === 1) {
      // A wildcard rule, in one of the shapes real files use.
      const shape = next();
      if (shape < 0.3) p += `/*${pick(EXTENSIONS)}`;
      else if (shape < 0.55) p += `*?${pick(WORDS)}=`;
      else if (shape < 0.75) p = `/*${p}`;
      else if (shape < 0.9)
        p = `${p.slice(0, 1 + Math.floor(next() * (p.length - 1)))}*/${pick(WORDS)}`;
      else p += '/*';
    }
    if (next() < 0.15) p += '$';
    patterns.push(p);
    lines.push(`${next() < 0.3 ? 'Allow' : 'Disallow'}: ${p}`);
  }
  const text = lines.join('\n') + '\n';
  const host = 'large.example';
  const questions: Question[] = [];
  for (let k = 0; k < 2_000; k++) {
    let path: string;
    if (k % 3 === 0) {
      // A path made of the same vocabulary that no particular rule was written for.
      path = '';
      const depth = 1 + Math.floor(next() * 4);
      for (let d = 0; d < depth; d++) path += `/${pick(WORDS)}`;
      if (next() < 0.3) path += `?${pick(WORDS)}=${Math.floor(next() * 100)}`;
    } else {
      // A path a rule was written for: `*` filled in, then something appended.
      const p = pick(patterns);
      path = p
        .replace(/\$$/, '')
        .replace(/\*/g, () => pick(['', 'x', '/deep/er', '-2024', 'caf\u00e9']));
      if (!path.startsWith('/')) path = `/${path}`;
      path += pick(['', '', '/', '.html', '?page=2', '/index.php?id=7&s=1']);
    }
    questions.push({
      url: flat(`https://${host}${path}`),
      agent: k % 5 === 0 ? 'Googlebot' : 'bingbot',
    });
  }
  return { name: 'generated-20000-rules', host, text, rules: ruleCount, questions };
}

// ---------------------------------------------------------------------------------------------
// Adversarial inputs: at most 500 KiB per file, 8 KiB per URL

export const MAX_FILE_BYTES = 500 * 1024;
export const URL_BYTES = 8 * 1024;

/** Lines joined until the next one would pass 500 KiB. */
function fill(head: string[], line: (k: number) => string): string {
  const lines = [...head];
  let bytes = 0;
  for (const l of head) bytes += Buffer.byteLength(l) + 1;
  for (let k = 0; ; k++) {
    const l = line(k);
    const size = Buffer.byteLength(l) + 1;
    if (bytes + size > MAX_FILE_BYTES) return lines.join('\n') + '\n';
    lines.push(l);
    bytes += size;
  }
}

export interface AdversarialFile {
  name: string;
  text: string;
  /** Agents to ask with: the selection decides which rules are examined. */
  agents: string[];
}

export function adversarialFiles(): AdversarialFile[] {
  const next = random(8192);
  const word = (n: number) => {
    let w = '';
    for (let i = 0; i < n; i++)
      w += 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(next() * 36)];
    return w;
  };
  const star = ['User-agent: *'];
  return [
    {
      // Long runs of `*` between literals.
      name: 'star-runs',
      text: fill(star, (k) => `Disallow: /${'*'.repeat(1000 + (k % 7))}x${k}${k % 2 ? '$' : ''}`),
      agents: ['bot'],
    },
    {
      // `/*a*a*a...*a` of every length up to the cap, some anchored, some ending in `b`.
      name: 'star-a-chains',
      text: fill(star, (k) => {
        const n = 1 + (k >> 2);
        const chain = '*a'.repeat(n);
        return `Disallow: /${chain}${['', 'b', '$', '*b$'][k % 4]}`;
      }),
      agents: ['bot'],
    },
    {
      // Distinct short literals behind one `*`: each rule needs its own scan of the path.
      name: 'distinct-literals',
      text: fill(star, (k) => `${k % 3 ? 'Disallow' : 'Allow'}: /*${word(5)}${k % 5 ? '' : '$'}`),
      agents: ['bot'],
    },
    {
      // Thousands of wildcard rules under one long shared literal prefix.
      name: 'shared-prefix-wildcards',
      text: fill(star, (k) => `Disallow: /search?q=*&${word(3)}=*&page=${k}*${k % 2 ? '$' : ''}`),
      agents: ['bot'],
    },
    {
      // Pairs of short literals, `/*abc*defgh`: many first literals occur in a long path,
      // and each then needs its own search for a second literal that does not follow.
      name: 'segment-pairs',
      text: fill(star, () => `Disallow: /*${word(3)}*${word(5)}`),
      agents: ['bot'],
    },
    {
      // Thousands of groups; every tenth is a `*` group, so the global selection merges many.
      name: 'many-groups',
      text: fill([], (k) =>
        k % 10 === 0
          ? `User-agent: *\nDisallow: /*${word(4)}*${word(2)}\n`
          : `User-agent: bot${k}\nDisallow: /p${k}*x\nAllow: /*${word(3)}$\n`,
      ),
      agents: ['bot17', 'bot9999', 'unknown'],
    },
    {
      // Literal prefixes of every length: a deep radix tree.
      name: 'deep-literals',
      text: fill(
        star,
        (k) => `${k % 2 ? 'Allow' : 'Disallow'}: /${'a'.repeat(k)}${k % 3 ? '' : '$'}`,
      ),
      agents: ['bot'],
    },
    {
      // Escapes and UTF-8 everywhere: normalization work on both sides.
      name: 'escapes-utf8',
      text: fill(star, (k) => `Disallow: /%7e%41\u00e9*%c3%a9${k}*\u65e5%2F${k % 2 ? '$' : ''}`),
      agents: ['bot'],
    },
  ];
}

/** 8 KiB URLs that walk deep into the files above and almost match. */
export function adversarialUrls(): { name: string; url: string }[] {
  const origin = 'https://adversarial.example';
  const room = URL_BYTES - origin.length;
  const next = random(404);
  const randomChars = (alphabet: string, n: number) => {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(next() * alphabet.length)];
    return s;
  };
  const cut = (s: string) => s.slice(0, room);
  const urls = [
    { name: 'a-run', url: origin + cut('/' + 'a'.repeat(room)) },
    { name: 'a-run-then-b', url: origin + cut('/' + 'a'.repeat(room - 2)) + 'b' },
    { name: 'ab-repeat', url: origin + cut('/' + 'ab'.repeat(room)) },
    {
      name: 'random-alnum',
      url: origin + cut('/' + randomChars('abcdefghijklmnopqrstuvwxyz0123456789/', room)),
    },
    { name: 'search-query', url: origin + cut('/search?q=' + 'x&abc=y&page=1'.repeat(room)) },
    {
      // 3 bytes per character of '\u00e9' and '%41': percent-encoded and non-ASCII throughout.
      name: 'escapes-utf8',
      url: origin + ('/' + '%7e%41\u00e9*$%c3%a9%2F'.repeat(room)).slice(0, Math.floor(room / 1.2)),
    },
  ];
  return urls.map(({ name, url }) => ({ name, url: flat(url) }));
}
