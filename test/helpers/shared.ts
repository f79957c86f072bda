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
