// Paths to ../shared (beside the repository): the compliance suite and the real-world corpus.
// A missing folder fails the tests that need it; nothing is skipped.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Absolute path of `relative` inside the shared folder beside this repository. */
export function sharedPath(relative: string): string {
  return fileURLToPath(new URL(`../../../shared/${relative}`, import.meta.url));
}

/** One case of Google's public robots.txt compliance suite. */
export interface ComplianceCase {
  id: string;
  suite: 'standard' | 'google';
  robotstxt: string;
  robotstxt_base64?: string;
  useragent: string;
  url: string;
  expected: 'allowed' | 'disallowed';
}

export function complianceCases(): ComplianceCase[] {
  return JSON.parse(readFileSync(sharedPath('compliance/google-spec-test.json'), 'utf8'));
}

/** The exact body bytes of a case (a few bodies are not UTF-8). */
export function caseBody(c: ComplianceCase): string | Uint8Array {
  return c.robotstxt_base64
    ? new Uint8Array(Buffer.from(c.robotstxt_base64, 'base64'))
    : c.robotstxt;
}

/**
 * The real page URLs of the corpus (a 2019 crawl) as paths with their queries: all of them in
 * file order, and grouped by host. Tests and benchmarks ask their questions from these.
 */
export function corpusPaths(): { all: string[]; byHost: Map<string, string[]> } {
  const byHost = new Map<string, string[]>();
  const all: string[] = [];
  for (const url of readFileSync(sharedPath('corpus/urls/urls.txt'), 'utf8').split('\n')) {
    const authority = url.indexOf('://');
    if (authority < 0) continue;
    const slash = url.indexOf('/', authority + 3);
    const host = url.slice(authority + 3, slash < 0 ? undefined : slash);
    const path = slash < 0 ? '/' : url.slice(slash);
    all.push(path);
    const list = byHost.get(host);
    if (list) list.push(path);
    else byHost.set(host, [path]);
  }
  return { all, byHost };
}
