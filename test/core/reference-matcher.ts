// A plain, obviously correct matcher to check the fast one against (cross-check.test.ts).
// It shares nothing with src/core's matching code: its own path extraction (Google's
// GetPathParamsQuery, transcribed), its own byte-wise normalization, its own group selection,
// and Google's position-set algorithm run on every rule of the selected groups. Slow on purpose.

import type { Group, Mode, RobotsTxt, RuleKind, RuleRef } from '../../src/core/index.js';

export interface ReferenceRule {
  kind: RuleKind;
  pattern: string;
  normalized: string;
  line: number;
}

/** What the reference decides; `rule` has the shape of `Explanation.rule`. */
export interface ReferenceDecision {
  allowed: boolean;
  rule: ReferenceRule | null;
  /** Every matching rule, best first (a rule appears once, in the first form that matches). */
  matches: ReferenceRule[];
  reason: 'matched-rule' | 'no-matching-rule' | 'no-group' | 'robots-txt-exempt';
}

/**
 * The path, params and query of `url`, as Google's reference (robots.cc, GetPathParamsQuery)
 * finds them: skip a leading `//`, a `://` counts only before the first `/`, `?` or `;`, the
 * fragment is dropped, a missing path is `/` and a path that starts with `?` or `;` gets `/`.
 */
export function referencePath(url: string): string {
  const findFirstOf = (from: number): number => {
    for (let i = from; i < url.length; i++) if ('/?;'.includes(url[i])) return i;
    return -1;
  };
  const searchStart = url.startsWith('//') ? 2 : 0;
  const earlyPath = findFirstOf(searchStart);
  let protocolEnd = url.indexOf('://', searchStart);
  if (earlyPath >= 0 && protocolEnd >= 0 && earlyPath < protocolEnd) protocolEnd = -1;
  protocolEnd = protocolEnd < 0 ? searchStart : protocolEnd + 3;
  const pathStart = findFirstOf(protocolEnd);
  if (pathStart < 0) return '/';
  const hash = url.indexOf('#', searchStart);
  if (hash >= 0 && hash < pathStart) return '/';
  const pathEnd = hash < 0 ? url.length : hash;
  const path = url.slice(pathStart, pathEnd);
  return path.startsWith('/') ? path : '/' + path;
}

const utf8 = new TextEncoder();

/**
 * The UTF-8 bytes of `s`. A lone surrogate U+DC80..U+DCFF stands for the raw byte it escapes
 * (how src/core/decode.ts keeps invalid UTF-8); any other lone surrogate is U+FFFD.
 */
export function referenceBytes(s: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    let cp = s.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff) {
      const next = s.charCodeAt(i + 1); // NaN past the end
      if (next >= 0xdc00 && next <= 0xdfff) {
        cp = 0x10000 + (cp - 0xd800) * 0x400 + (next - 0xdc00);
        i++;
      } else cp = 0xfffd;
    } else if (cp >= 0xdc80 && cp <= 0xdcff) {
      bytes.push(cp - 0xdc00);
      continue;
    } else if (cp >= 0xdc00 && cp <= 0xdfff) cp = 0xfffd;
    bytes.push(...utf8.encode(String.fromCodePoint(cp)));
  }
  return bytes;
}

const isHex = (b: number | undefined) =>
  b !== undefined && /^[0-9A-Fa-f]$/.test(String.fromCharCode(b));
const hex2 = (b: number) => '%' + b.toString(16).toUpperCase().padStart(2, '0');
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * RFC 9309 §2.2.2, byte by byte: an escape of an unreserved character is decoded, any other
 * escape upper-cased, a stray `%` is `%25`, controls, space, DEL and non-ASCII are escaped.
 * For a path (`isPath`), `*` and `$` are data and are spelled %2A and %24; in a pattern, so is
 * a `$` that is not the last character.
 */
export function referenceNormalize(s: string, isPath: boolean): string {
  const b = referenceBytes(s);
  let out = '';
  for (let i = 0; i < b.length; i++) {
    const c = b[i];
    if (c === 0x25) {
      if (isHex(b[i + 1]) && isHex(b[i + 2])) {
        const value = Number.parseInt(String.fromCharCode(b[i + 1], b[i + 2]), 16);
        const ch = String.fromCharCode(value);
        out += UNRESERVED.test(ch) ? ch : hex2(value);
        i += 2;
      } else out += '%25';
    } else if (c <= 0x20 || c >= 0x7f) out += hex2(c);
    else if (isPath && (c === 0x2a || c === 0x24)) out += hex2(c);
    // In a pattern, `$` anchors only as the last character; anywhere else it is data.
    else if (!isPath && c === 0x24 && i !== b.length - 1) out += hex2(c);
    else out += String.fromCharCode(c);
  }
  return out;
}

/** Google-compatible pattern escaping: escapes get upper-case hex, non-ASCII bytes are escaped. */
export function referenceGooglePattern(s: string): string {
  const b = referenceBytes(s);
  let out = '';
  for (let i = 0; i < b.length; i++) {
    const c = b[i];
    if (c === 0x25 && isHex(b[i + 1]) && isHex(b[i + 2])) {
      out += String.fromCharCode(c, b[i + 1], b[i + 2]).toUpperCase();
      i += 2;
    } else if (c >= 0x80) out += hex2(c);
    else out += String.fromCharCode(c);
  }
  return out;
}

/**
 * Google's matching algorithm (robots.cc, Matches): the set of path lengths that the pattern
 * read so far can match. `*` adds every longer length, a literal keeps the lengths it extends,
 * a final `$` asks for the whole path. The pattern matches when the set is not empty.
 */
export function referenceMatches(pattern: string, path: string): boolean {
  let lengths = [0]; // ascending
  for (let p = 0; p < pattern.length; p++) {
    const c = pattern[p];
    if (c === '$' && p === pattern.length - 1) return lengths.includes(path.length);
    if (c === '*') {
      const all: number[] = [];
      for (let n = lengths[0]; n <= path.length; n++) all.push(n);
      lengths = all;
    } else {
      lengths = lengths.filter((n) => n < path.length && path[n] === c).map((n) => n + 1);
    }
    if (lengths.length === 0) return false;
  }
  return true;
}

/** The caller's agent as compared with file tokens (the documented rule of each mode). */
function referenceToken(agent: string, mode: Mode): string {
  if (mode === 'google') return agent.toLowerCase();
  const trimmed = agent.trim();
  const slash = trimmed.indexOf('/');
  return (slash < 0 ? trimmed : trimmed.slice(0, slash)).trim().toLowerCase();
}

/** RFC 9309 §2.2.1: the groups naming the agent, else the `*` groups. */
export function referenceSelect(
  groups: readonly Group[],
  agent: string,
  mode: Mode,
): { kind: 'specific' | 'global' | 'none'; groups: Group[] } {
  const token = referenceToken(agent, mode);
  const names = (g: Group) =>
    g.agents.some(
      (a) => a.token !== '*' && a.token === token && (mode === 'google' || token !== ''),
    );
  const named = groups.filter(names);
  if (named.length > 0) return { kind: 'specific', groups: named };
  const global = groups.filter((g) => g.agents.some((a) => a.token === '*'));
  return global.length > 0 ? { kind: 'global', groups: global } : { kind: 'none', groups: [] };
}

const patternMemo = { rfc: new WeakMap<object, string>(), google: new WeakMap<object, string>() };

/** A rule's pattern in the form it is compared in (memoized: normalizing is the slow part). */
export function referencePattern(rule: RuleRef, mode: Mode): string {
  let normalized = patternMemo[mode].get(rule);
  if (normalized === undefined) {
    normalized =
      mode === 'rfc'
        ? referenceNormalize(rule.pattern, false)
        : referenceGooglePattern(rule.pattern);
    patternMemo[mode].set(rule, normalized);
  }
  return normalized;
}

/** The decision for `url` and `agent` over the groups `robots` parsed, by brute force. */
export function referenceDecide(robots: RobotsTxt, url: string, agent: string): ReferenceDecision {
  const mode = robots.mode;
  const raw = referencePath(url);
  const path = mode === 'rfc' ? referenceNormalize(raw, true) : raw;
  if (mode === 'rfc' && path === '/robots.txt') {
    return { allowed: true, rule: null, matches: [], reason: 'robots-txt-exempt' };
  }
  const selection = referenceSelect(robots.groups, agent, mode);
  if (selection.kind === 'none') {
    return { allowed: true, rule: null, matches: [], reason: 'no-group' };
  }
  const matches: ReferenceRule[] = [];
  for (const group of selection.groups) {
    for (const rule of group.rules) {
      const normalized = referencePattern(rule, mode);
      const forms = [normalized];
      // Google-compatible: `Allow: /dir/index.htm[l]` also allows `/dir/$`.
      const slash = normalized.lastIndexOf('/');
      if (
        mode === 'google' &&
        rule.kind === 'allow' &&
        slash >= 0 &&
        normalized.startsWith('/index.htm', slash)
      ) {
        forms.push(normalized.slice(0, slash + 1) + '$');
      }
      // An empty pattern matches nothing (RFC 9309 §2.2.2).
      const form = forms.find((f) => f !== '' && referenceMatches(f, path));
      if (form !== undefined) {
        matches.push({ kind: rule.kind, pattern: rule.pattern, normalized: form, line: rule.line });
      }
    }
  }
  // RFC 9309 §2.2.2: the longest pattern wins, allow wins a tie; then the earliest line.
  matches.sort(
    (a, b) =>
      b.normalized.length - a.normalized.length ||
      (a.kind === b.kind ? 0 : a.kind === 'allow' ? -1 : 1) ||
      a.line - b.line,
  );
  const best = matches[0];
  if (best === undefined) return { allowed: true, rule: null, matches, reason: 'no-matching-rule' };
  return { allowed: best.kind === 'allow', rule: best, matches, reason: 'matched-rule' };
}
