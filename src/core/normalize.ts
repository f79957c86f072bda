// The only percent-encoding door (RFC 9309 §2.2.2, seed 003): patterns and target paths are
// rewritten into one form before any comparison, so two spellings of one resource compare equal
// and %2F never turns into a segment boundary.

import { BYTE_ESCAPE_BASE, isEscapedByte } from './decode.js';

const HEX = '0123456789ABCDEF';

/** A string that has been through {@link normalizePath}; the matcher trusts it. */
export type NormalizedPath = string & { readonly __normalized: 'path' };

/** RFC 3986 §2.3 unreserved characters: ALPHA / DIGIT / "-" / "." / "_" / "~". */
function isUnreserved(b: number): boolean {
  return (
    (b >= 0x61 && b <= 0x7a) ||
    (b >= 0x41 && b <= 0x5a) ||
    (b >= 0x30 && b <= 0x39) ||
    b === 0x2d ||
    b === 0x2e ||
    b === 0x5f ||
    b === 0x7e
  );
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const l = c | 0x20;
  if (l >= 0x61 && l <= 0x66) return l - 0x61 + 10;
  return -1;
}

function escapeByte(b: number): string {
  return '%' + HEX[b >> 4] + HEX[b & 15];
}

/**
 * The UTF-8 bytes of the non-ASCII code unit at `s[i]`, each as %XX; `consumed` tells how many
 * code units were read. A lone surrogate U+DC80..U+DCFF is a byte kept from invalid UTF-8
 * (decode.ts); any other lone surrogate is written as U+FFFD.
 */
function escapeNonAscii(s: string, i: number): { text: string; consumed: number } {
  const c = s.charCodeAt(i);
  if (c < 0x800)
    return { text: escapeByte(0xc0 | (c >> 6)) + escapeByte(0x80 | (c & 63)), consumed: 1 };
  if (c >= 0xd800 && c <= 0xdbff) {
    const d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
    if (d >= 0xdc00 && d <= 0xdfff) {
      const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
      return {
        text:
          escapeByte(0xf0 | (cp >> 18)) +
          escapeByte(0x80 | ((cp >> 12) & 63)) +
          escapeByte(0x80 | ((cp >> 6) & 63)) +
          escapeByte(0x80 | (cp & 63)),
        consumed: 2,
      };
    }
    return { text: '%EF%BF%BD', consumed: 1 };
  }
  if (isEscapedByte(c)) return { text: escapeByte(c - BYTE_ESCAPE_BASE), consumed: 1 };
  if (c >= 0xdc00 && c <= 0xdfff) return { text: '%EF%BF%BD', consumed: 1 };
  return {
    text:
      escapeByte(0xe0 | (c >> 12)) +
      escapeByte(0x80 | ((c >> 6) & 63)) +
      escapeByte(0x80 | (c & 63)),
    consumed: 1,
  };
}

/**
 * RFC 9309 §2.2.2 normalization of `s[start, end)`: escapes of unreserved characters are
 * decoded, every other escape is upper-cased, a `%` that starts no valid escape becomes `%25`,
 * and bytes at or below space or at or above 0x7F are escaped (non-ASCII as its UTF-8 bytes).
 * When `isPath`, `*` and `$` are data, not operators, so they are spelled %2A and %24 — the
 * spelling RFC 9309 §2.2.3 asks a pattern to use for them ("/path/foo-%24" matches "/path/foo-$").
 * In a pattern, a `$` before the last character is data too, and spelled %24 likewise.
 * Idempotent: normalizing twice changes nothing.
 */
function normalizeRange(s: string, start: number, end: number, isPath: boolean): string {
  // Most patterns and paths are printable ASCII without escapes: nothing to rewrite.
  if (isCanonical(s, start, end, isPath)) return s.slice(start, end);
  let out = '';
  let run = start; // start of the current run of characters copied unchanged
  for (let i = start; i < end; ) {
    const c = s.charCodeAt(i);
    let rewritten: string | undefined;
    let consumed = 1;
    if (c === 0x25) {
      const hi = i + 2 < end ? hexValue(s.charCodeAt(i + 1)) : -1;
      const lo = hi >= 0 ? hexValue(s.charCodeAt(i + 2)) : -1;
      if (lo >= 0) {
        const b = (hi << 4) | lo;
        consumed = 3;
        if (isUnreserved(b)) rewritten = String.fromCharCode(b);
        else if (s.charCodeAt(i + 1) >= 0x61 || s.charCodeAt(i + 2) >= 0x61)
          rewritten = escapeByte(b);
        // else: already canonical (upper-case hex)
      } else rewritten = '%25';
    } else if (c <= 0x20 || c === 0x7f) rewritten = escapeByte(c);
    else if (c > 0x7f) {
      const e = escapeNonAscii(s, i);
      rewritten = e.text;
      consumed = e.consumed;
    } else if (c === 0x24 ? isPath || i !== end - 1 : isPath && c === 0x2a) {
      // `$` anchors only as a pattern's last character; anywhere else it is data, like a
      // path's `*` and `$`, and data is spelled %24 / %2A so both sides meet.
      rewritten = escapeByte(c);
    }
    if (rewritten !== undefined) {
      out += s.slice(run, i) + rewritten;
      run = i + consumed;
    }
    i += consumed;
  }
  return run === start ? s.slice(start, end) : out + s.slice(run, end);
}

/**
 * A run of what a pattern keeps as written: printable ASCII but `%` and `$` (a `$` is kept
 * only as the last character, the anchor) and but `#` (kept, but ending the run). Sticky, so
 * a test reads from where it is put: a parsed pattern is followed by white space, `#` or the
 * text's end (values hold no comment), so the run ends with it. Escapes end it too, and are
 * looked at one by one.
 */
const KEPT_IN_PATTERN = /[!"&-~]*/y;
/**
 * The same for a path, where `*` and `$` are rewritten too (and `#`, kept, ends the run), but
 * with kept escapes in the run: upper-case hex of every byte but the unreserved ones
 * (`-` 2D, `.` 2E, digits 30-39, letters 41-5A and 61-7A, `_` 5F, `~` 7E), so a path of many
 * escapes (a percent-encoded UTF-8 name) is one native run, not one run per escape.
 */
const KEPT_IN_PATH =
  /(?:[!"&-)+-~]|%(?:[0189A-F][0-9A-F]|2[0-9A-CF]|3[A-F]|40|5[B-E]|60|7[B-DF]))*/y;
/**
 * Most of {@link KEPT_IN_PATH} as one range, `+` to `~`, which a native run reads in about two
 * thirds of the time; most paths hold nothing else, and the full set reads on where it stops.
 */
const KEPT_RANGE_IN_PATH = /[+-~]*/y;

/** Where a run of `kept` from `from` in `s` stops (perhaps past the range asked about). */
function runEnd(kept: RegExp, s: string, from: number): number {
  kept.lastIndex = from;
  kept.test(s);
  return kept.lastIndex;
}

/** The value of an upper-case hex digit, else -1. */
function upperHexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  return c >= 0x41 && c <= 0x46 ? c - 0x41 + 10 : -1;
}

/**
 * Whether `s[i, i + 3)`, with a `%` at `i`, is an escape normalization keeps as it is:
 * upper-case hex of a byte that is not unreserved (those are decoded).
 */
function isKeptEscape(s: string, i: number): boolean {
  const hi = upperHexValue(s.charCodeAt(i + 1));
  const lo = upperHexValue(s.charCodeAt(i + 2));
  return hi >= 0 && lo >= 0 && !isUnreserved((hi << 4) | lo);
}

/** True when {@link normalizeRange} would return `s[start, end)` unchanged. */
function isCanonical(s: string, start: number, end: number, isPath: boolean): boolean {
  return isPath ? isNormalizedPath(s, start, end) : isNormalizedPattern(s, start, end);
}

/**
 * True when the pattern `s[start, end)` is printable ASCII whose escapes are upper-case hex of
 * bytes that are not unreserved and whose `$` is only at its end: then it is already
 * normalized ({@link normalizePattern} would return it unchanged). Checked where it stands,
 * so a parser need not copy it first.
 */
export function isNormalizedPattern(s: string, start = 0, end = s.length): boolean {
  for (let i = start; ; i++) {
    i = runEnd(KEPT_IN_PATTERN, s, i);
    if (i >= end) return true;
    const c = s.charCodeAt(i);
    if (c === 0x25 && i + 3 <= end && isKeptEscape(s, i)) i += 2;
    // `#` is kept too; it only ends the run.
    else if (c !== 0x23 && !(c === 0x24 && i === end - 1)) return false;
  }
}

/**
 * Normalizes a rule's pattern (RFC 9309 §2.2.2). `*` and `$` stay operators; `%2A` and `%24`
 * stay escaped, so they match a literal `*` or `$` in a path.
 * @example normalizePattern('/%7euser/a%2fb') // '/~user/a%2Fb'
 */
export function normalizePattern(pattern: string): string {
  return normalizeRange(pattern, 0, pattern.length, false);
}

/**
 * Normalizes a target path (with query) the same way as patterns, spelling a literal `*` or `$`
 * as %2A or %24 so it can never act as an operator.
 * @example normalizePath('/%7Euser/caf\u00e9?q=*') // '/~user/caf%C3%A9?q=%2A'
 */
export function normalizePath(path: string, start = 0, end = path.length): NormalizedPath {
  return normalizeRange(path, start, end, true) as NormalizedPath;
}

/**
 * True when `s[start, end)` is already a normalized path: printable ASCII without `*` or `$`
 * whose escapes are kept ones. The matcher's fast path: such a path is compared where it
 * stands, with no copy.
 */
export function isNormalizedPath(s: string, start: number, end: number): boolean {
  // `#` is kept; it only ends a run.
  for (let i = pathRunEnd(s, start, end); i < end; i = pathRunEnd(s, i + 1, end)) {
    if (s.charCodeAt(i) !== 0x23) return false;
  }
  return true;
}

/**
 * Where the path that starts at `start` in the URL `s` ends (at its fragment's `#`, or the
 * end of `s`) when it is already a normalized path (see {@link isNormalizedPath}), found in
 * the same run; else -1.
 */
export function normalizedPathEnd(s: string, start: number): number {
  const i = pathRunEnd(s, start, s.length);
  return i === s.length || s.charCodeAt(i) === 0x23 ? i : -1;
}

/**
 * From `from` on, past what a normalized path keeps as it is (kept escapes included): where
 * the first `#` or character normalization rewrites stands, or `end`.
 */
function pathRunEnd(s: string, from: number, end: number): number {
  let i = runEnd(KEPT_RANGE_IN_PATH, s, from);
  if (i >= end) return end;
  i = runEnd(KEPT_IN_PATH, s, i);
  if (i <= end) return i;
  // The run went past `end`. A `%` in it starts an escape: one at end - 1 or end - 2 is cut
  // by `end`, and is not kept.
  if (s.charCodeAt(end - 1) === 0x25) return end - 1;
  return end - 2 >= from && s.charCodeAt(end - 2) === 0x25 ? end - 2 : end;
}

/**
 * Whether normalization keeps the path character `c` as it is, whatever surrounds it:
 * printable ASCII but `%` (which may start an escape), `*` and `$`.
 */
export function isKeptInPath(c: number): boolean {
  return c > 0x20 && c < 0x7f && c !== 0x25 && c !== 0x2a && c !== 0x24;
}

/**
 * A run of what {@link escapeGooglePattern} keeps: ASCII but `%` (escapes are looked at one
 * by one), and but controls, white space and `#` (kept too, but ending the run), so that, as
 * with {@link KEPT_IN_PATTERN}, the run ends where a parsed pattern does.
 */
const KEPT_BY_GOOGLE = /[!"$&-\x7f]*/y;

/**
 * Google-compatible: true when the pattern `s[start, end)` is ASCII whose escapes have
 * upper-case hex: then {@link escapeGooglePattern} returns it unchanged.
 */
export function isGoogleEscapedPattern(s: string, start = 0, end = s.length): boolean {
  for (let i = start; ; i++) {
    i = runEnd(KEPT_BY_GOOGLE, s, i);
    if (i >= end) return true;
    const c = s.charCodeAt(i);
    if (c === 0x25) {
      const escaped =
        i + 3 <= end &&
        upperHexValue(s.charCodeAt(i + 1)) >= 0 &&
        upperHexValue(s.charCodeAt(i + 2)) >= 0;
      if (!escaped) return false;
      i += 2;
    } else if (c >= 0x80) return false; // controls, white space and `#` only end the run
  }
}

/**
 * Google-compatible: the pattern escaping of Google's reference parser. Existing escapes get
 * upper-case hex but are not decoded, non-ASCII bytes are escaped, nothing else changes.
 * @example escapeGooglePattern('/caf\u00e9/%aa') // '/caf%C3%A9/%AA'
 */
export function escapeGooglePattern(pattern: string): string {
  // ASCII with upper-case escapes has nothing to escape (a native scan decides).
  if (isGoogleEscapedPattern(pattern)) return pattern;
  let out = '';
  let run = 0;
  for (let i = 0; i < pattern.length; ) {
    const c = pattern.charCodeAt(i);
    if (c === 0x25 && i + 2 < pattern.length) {
      const a = pattern.charCodeAt(i + 1);
      const b = pattern.charCodeAt(i + 2);
      const hi = hexValue(a);
      const lo = hexValue(b);
      if (hi >= 0 && lo >= 0) {
        // Only lower-case hex letters (a-f, at 0x61 and above) change.
        if (a >= 0x61 || b >= 0x61) {
          out += pattern.slice(run, i) + escapeByte((hi << 4) | lo);
          run = i + 3;
        }
        i += 3;
        continue;
      }
    }
    if (c > 0x7f) {
      const e = escapeNonAscii(pattern, i);
      out += pattern.slice(run, i) + e.text;
      i += e.consumed;
      run = i;
      continue;
    }
    i++;
  }
  return run === 0 ? pattern : out + pattern.slice(run);
}
