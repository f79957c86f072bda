// Retained memory per parsed file, in a child process started with --expose-gc by run.ts:
// `node --expose-gc --import tsx bench/memory.ts <parser>`. Each file is parsed from a fresh
// copy of its input (so whatever the result keeps of it counts), asked a few questions (so
// lazily built indexes count), and kept; the heap growth after full GCs is what a parsed file
// costs. Prints one JSON object. The `-compiled` variants build every compiled index at once.

import type * as Heed from '../src/core/index.js';
import type * as RuleIndexModule from '../src/core/rule-index.js';
import { type CorpusFile, loadCorpus } from './inputs.js';
import { robotsParser } from './robots-parser.js';

export type MemoryParser =
  | 'heed-rfc'
  | 'heed-google'
  | 'heed-rfc-bytes'
  | 'heed-rfc-compiled'
  | 'heed-google-compiled'
  | 'robots-parser';

export interface MemoryBucket {
  label: string;
  files: number;
  sourceBytes: number;
  retainedBytes: number;
  /** Retained bytes per source byte. */
  ratio: number;
}

export const BUCKETS: readonly { label: string; max: number }[] = [
  { label: '\u2264 1 KiB', max: 1024 },
  { label: '1\u201316 KiB', max: 16 * 1024 },
  { label: '16\u2013128 KiB', max: 128 * 1024 },
  { label: '> 128 KiB', max: Number.POSITIVE_INFINITY },
];

/** Questions asked of each file before measuring: enough to build its common indexes. */
const QUESTIONS_BEFORE_MEASURING = 6;

async function main(): Promise<void> {
  const parser = process.argv[2] as MemoryParser;
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  const heed = (await import(
    new URL('../dist/core/index.js', import.meta.url).href
  )) as typeof Heed;
  if (parser.endsWith('-compiled')) {
    // Every rule set asked about gets its compiled index at once (the default builds one
    // only when scanning stops paying): what a file asked very often costs.
    const { scanPolicy } = (await import(
      new URL('../dist/core/rule-index.js', import.meta.url).href
    )) as typeof RuleIndexModule;
    Object.assign(scanPolicy, { always: 0, maxWork: 0, maxChars: 0, buildAfter: 0 });
  }
  const corpus = loadCorpus();
  const decoder = new TextDecoder();
  const build = (f: CorpusFile): unknown => {
    const questions = f.questions.slice(0, QUESTIONS_BEFORE_MEASURING);
    if (parser === 'robots-parser') {
      const robots = robotsParser(`https://${f.host}/robots.txt`, decoder.decode(f.bytes));
      for (const q of questions) robots.isAllowed(q.url, q.agent);
      return robots;
    }
    const mode = parser.startsWith('heed-google') ? 'google' : 'rfc';
    const input = parser === 'heed-rfc-bytes' ? f.bytes.slice() : decoder.decode(f.bytes);
    const robots = heed.parse(input, { mode, maxBytes: Number.MAX_SAFE_INTEGER });
    for (const q of questions) robots.isAllowed(q.url, q.agent);
    return robots;
  };
  const heap = () => {
    gc();
    gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const kept: unknown[] = [];
  const buckets: MemoryBucket[] = [];
  let min = 0;
  for (const { label, max } of BUCKETS) {
    const files = corpus.filter((f) => f.bytes.length > min && f.bytes.length <= max);
    min = max;
    const before = heap();
    for (const f of files) kept.push(build(f));
    const retainedBytes = heap() - before;
    const sourceBytes = files.reduce((n, f) => n + f.bytes.length, 0);
    buckets.push({
      label,
      files: files.length,
      sourceBytes,
      retainedBytes,
      ratio: retainedBytes / sourceBytes,
    });
  }
  const sourceBytes = buckets.reduce((n, b) => n + b.sourceBytes, 0);
  const retainedBytes = buckets.reduce((n, b) => n + b.retainedBytes, 0);
  process.stdout.write(
    JSON.stringify({
      parser,
      files: kept.length,
      sourceBytes,
      retainedBytes,
      ratio: retainedBytes / sourceBytes,
      buckets,
    }),
  );
}

await main();
