// Text -> key/value records, one per line (RFC 9309 §2.2): `key: value # comment`, any of
// LF, CR and CRLF ending a line. Lines that are blank or only a comment yield nothing; lines
// that cannot be read yield a record saying why, so lint can point at them.

import { isEscapedByte } from './decode.js';
import { NextOf, nextOf } from './next-of.js';
import type { Mode } from './types.js';

/** The directives heed acts on; everything else is `other` (kept as an extension). */
export type DirectiveKind =
  | 'user-agent'
  | 'allow'
  | 'disallow'
  | 'sitemap'
  | 'crawl-delay'
  | 'other';

/**
 * What reading a file reports, line by line; positions index the text, so nothing is copied
 * until the parser decides to keep it.
 */
export interface LineVisitor {
  /** A readable line: key and value trimmed, the comment gone. */
  directive(
    line: number,
    kind: DirectiveKind,
    keyStart: number,
    keyEnd: number,
    valueStart: number,
    valueEnd: number,
    /** The key and value were separated by white space, not a colon (Google-compatible). */
    missingColon: boolean,
  ): void;
  /**
   * A rule line in its plainest form, as most are: read as {@link directive} would read it, and
   * its value is printable ASCII from `&` to `~` (no `#`, `$` or `%`), which normalization in
   * either mode keeps as written (see {@link PLAIN_RULE}).
   */
  plainRule(
    line: number,
    kind: 'allow' | 'disallow',
    keyStart: number,
    keyEnd: number,
    valueStart: number,
    valueEnd: number,
  ): void;
  /** A line that holds something but could not be read as `key: value`. */
  unreadable(
    line: number,
    problem: 'missing-colon' | 'empty-key',
    start: number,
    end: number,
  ): void;
}

/** Google-compatible: its reference keeps at most 2083 * 8 - 1 bytes of a line. */
const GOOGLE_MAX_LINE_BYTES = 2083 * 8 - 1;

/** C's isspace, which both Google's reference and heed use to trim keys and values. */
function isSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d);
}

/** Case-insensitive: does `s[start, end)` equal (or, with `prefix`, start with) lower-case `word`? */
function keyIs(s: string, start: number, end: number, word: string, prefix: boolean): boolean {
  const n = word.length;
  if (prefix ? end - start < n : end - start !== n) return false;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(start + i);
    const w = word.charCodeAt(i);
    if (c !== w && !(c >= 0x41 && c <= 0x5a && c + 0x20 === w)) return false;
  }
  return true;
}

const RFC_KEYS: readonly [string, DirectiveKind][] = [
  ['user-agent', 'user-agent'],
  ['allow', 'allow'],
  ['disallow', 'disallow'],
  ['sitemap', 'sitemap'],
  ['crawl-delay', 'crawl-delay'],
];

/** The RFC key of each length (no two have the same length). */
const RFC_KEY_BY_LENGTH: (readonly [string, DirectiveKind] | undefined)[] = [];
for (const entry of RFC_KEYS) RFC_KEY_BY_LENGTH[entry[0].length] = entry;

/** The RFC key of each first letter, lower-case (no two share one). */
const RFC_KEY_BY_LETTER: (readonly [string, DirectiveKind] | undefined)[] = [];
for (const entry of RFC_KEYS) RFC_KEY_BY_LETTER[entry[0].charCodeAt(0)] = entry;

/**
 * Google-compatible: its reference reads a key by prefix and accepts frequent typos,
 * in this order.
 */
const GOOGLE_KEYS: readonly [string, DirectiveKind][] = [
  ['user-agent', 'user-agent'],
  ['useragent', 'user-agent'],
  ['user agent', 'user-agent'],
  ['allow', 'allow'],
  ['disallow', 'disallow'],
  ['dissallow', 'disallow'],
  ['dissalow', 'disallow'],
  ['disalow', 'disallow'],
  ['diasllow', 'disallow'],
  ['disallaw', 'disallow'],
  ['sitemap', 'sitemap'],
  ['site-map', 'sitemap'],
];

/** GOOGLE_KEYS by first letter (its ASCII code), each family in GOOGLE_KEYS order. */
const GOOGLE_KEYS_BY_LETTER: (readonly [string, DirectiveKind])[][] = [];
for (const entry of GOOGLE_KEYS) {
  const letter = entry[0].charCodeAt(0);
  GOOGLE_KEYS_BY_LETTER[letter] ??= [];
  GOOGLE_KEYS_BY_LETTER[letter].push(entry);
}

/** The directive `s[start, end)` names as a key, read the way `mode` reads keys. */
export function classify(s: string, start: number, end: number, mode: Mode): DirectiveKind {
  if (mode === 'google') {
    // Only keys with the key's first letter can match (`| 0x20` lower-cases ASCII letters).
    const family = GOOGLE_KEYS_BY_LETTER[s.charCodeAt(start) | 0x20];
    if (family)
      for (const [word, kind] of family) if (keyIs(s, start, end, word, true)) return kind;
    return keyIs(s, start, end, 'crawl-delay', false) ? 'crawl-delay' : 'other';
  }
  // RFC keys are matched whole, and no two have the same length.
  const key = RFC_KEY_BY_LENGTH[end - start];
  return key !== undefined && keyIs(s, start, end, key[0], false) ? key[1] : 'other';
}

/**
 * Google-compatible: where its reference ends the line `s[start, end)` (NUL-free), which it
 * cuts at {@link GOOGLE_MAX_LINE_BYTES} bytes.
 */
function googleLineEnd(s: string, start: number, end: number): number {
  if ((end - start) * 3 <= GOOGLE_MAX_LINE_BYTES) return end;
  let bytes = 0;
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    const size =
      c < 0x80 || isEscapedByte(c) ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdbff ? 4 : 3;
    if (bytes + size > GOOGLE_MAX_LINE_BYTES) return i;
    bytes += size;
    if (size === 4) i++;
  }
  return end;
}

/** Skips a UTF-8 byte order mark, whole or (Google-compatible) a leading part of one. */
export function bomLength(text: string): number {
  const c = text.charCodeAt(0);
  if (c === 0xfeff) return 1;
  // U+DCEF / U+DCBB: the bytes EF and EF BB left undecoded (decode.ts).
  if (c === 0xdcef) return text.charCodeAt(1) === 0xdcbb ? 2 : 1;
  return 0;
}

/**
 * A rule line in its plainest form, by the key's first letter (lower-case): the key spelled out
 * at the line's start, blanks, a colon, blanks, and a value of printable ASCII from `&` to `~`
 * that runs to the line's end, LF or CRLF. That range leaves out the comment sign and the
 * characters normalization looks at (`#`, `$`, `%`), and `!` and `"` only so that it is one
 * range, which a native run reads fastest. Most lines of real files are such; one run reads
 * each whole.
 */
const PLAIN_RULE: (readonly [RegExp, 'allow' | 'disallow'] | undefined)[] = [];
PLAIN_RULE[0x61] = [/allow[ \t]*:[ \t]*[&-~]*(?=\n|\r\n|$)/iy, 'allow'];
PLAIN_RULE[0x64] = [/disallow[ \t]*:[ \t]*[&-~]*(?=\n|\r\n|$)/iy, 'disallow'];

/**
 * Reads the line at `pos` when it is a rule line in its plainest form ({@link PLAIN_RULE}) of
 * at most `maxLength` characters and returns where it ends; else returns -1 and reads nothing.
 */
function readPlainRule(
  text: string,
  pos: number,
  maxLength: number,
  line: number,
  visitor: LineVisitor,
): number {
  const plain = PLAIN_RULE[text.charCodeAt(pos) | 0x20];
  if (plain === undefined) return -1;
  const [rule, kind] = plain;
  rule.lastIndex = pos;
  if (!rule.test(text)) return -1;
  const end = rule.lastIndex;
  if (end - pos > maxLength) return -1;
  const keyEnd = pos + kind.length;
  let valueStart = keyEnd;
  while (text.charCodeAt(valueStart) !== 0x3a) valueStart++;
  valueStart++;
  while (valueStart < end && isSpace(text.charCodeAt(valueStart))) valueStart++;
  visitor.plainRule(line, kind, pos, keyEnd, valueStart, end);
  return end;
}

/** Reads every line of `text` into `visitor`. Returns the number of lines. */
export function readLines(text: string, mode: Mode, visitor: LineVisitor): number {
  const length = text.length;
  // The next position of each character that structures a line, at or after the current
  // line (the text's length: none left). Each is searched again only once passed, so every
  // character is searched past once and a file costs linear time.
  let lf = -1;
  let cr = -1;
  let hash = -1;
  let nul = -1;
  // Colons are looked for only on lines whose key is not spelled out (see readLine).
  const colons = new NextOf(text, ':');
  let line = 0;
  let pos = bomLength(text);
  // Google-compatible: a plain rule line is ASCII without NUL, which Google's reference cuts
  // only past GOOGLE_MAX_LINE_BYTES characters.
  const plainMax = mode === 'google' ? GOOGLE_MAX_LINE_BYTES : length;
  for (;;) {
    const plainEnd = readPlainRule(text, pos, plainMax, line + 1, visitor);
    if (plainEnd >= 0) {
      line++;
      if (plainEnd >= length) return line;
      pos = plainEnd + (text.charCodeAt(plainEnd) === 0x0d ? 2 : 1);
      continue;
    }
    if (lf < pos) lf = nextOf(text, '\n', pos);
    if (cr < pos) cr = nextOf(text, '\r', pos);
    if (hash < pos) hash = nextOf(text, '#', pos);
    const end = Math.min(lf, cr);
    let content = end;
    if (mode === 'google') {
      // Google-compatible: its reference reads C strings (a NUL ends the line) and cuts
      // long lines.
      if (nul < pos) nul = nextOf(text, '\0', pos);
      content = googleLineEnd(text, pos, Math.min(nul, end));
    }
    line++;
    readLine(text, pos, Math.min(hash, content), colons, line, mode, visitor);
    if (end >= length) return line;
    // CRLF is one line end; a CR that ends the text has no LF after it (lf is then the
    // text's length, which would otherwise pass for end + 1).
    pos = end + (end === cr && lf === end + 1 && lf < length ? 2 : 1);
  }
}

/**
 * Where the colon of the line `s[start, end)` stands when the line starts with an RFC key
 * spelled out, white space perhaps, and a colon (as most lines do), else -1. Such a key is
 * read the same in both modes, so the line needs neither a search for its colon nor
 * {@link classify}.
 */
function spelledKeyColon(
  s: string,
  start: number,
  end: number,
  key: readonly [string, DirectiveKind],
): number {
  let sep = start + key[0].length;
  if (sep >= end || !keyIs(s, start, sep, key[0], false)) return -1;
  while (sep < end && isSpace(s.charCodeAt(sep))) sep++;
  return sep < end && s.charCodeAt(sep) === 0x3a ? sep : -1;
}

/** One line, `s[start, end)` without its comment; `colons` finds its first `:`. */
function readLine(
  s: string,
  start: number,
  end: number,
  colons: NextOf,
  line: number,
  mode: Mode,
  visitor: LineVisitor,
): void {
  while (start < end && isSpace(s.charCodeAt(start))) start++;
  while (end > start && isSpace(s.charCodeAt(end - 1))) end--;
  if (start === end) return;

  // `| 0x20` lower-cases ASCII letters (and maps nothing else onto one).
  const key = RFC_KEY_BY_LETTER[s.charCodeAt(start) | 0x20];
  if (key !== undefined) {
    const sep = spelledKeyColon(s, start, end, key);
    if (sep >= 0) {
      let valueStart = sep + 1;
      while (valueStart < end && isSpace(s.charCodeAt(valueStart))) valueStart++;
      visitor.directive(line, key[1], start, start + key[0].length, valueStart, end, false);
      return;
    }
  }

  let sep = colons.from(start);
  let valueStart: number;
  let missingColon = false;
  if (sep >= end) {
    // Google-compatible: `key value` is read when there are exactly two words.
    sep = start;
    while (sep < end && s.charCodeAt(sep) !== 0x20 && s.charCodeAt(sep) !== 0x09) sep++;
    valueStart = sep;
    while (
      valueStart < end &&
      (s.charCodeAt(valueStart) === 0x20 || s.charCodeAt(valueStart) === 0x09)
    ) {
      valueStart++;
    }
    let twoWords = sep < end;
    for (let i = valueStart; twoWords && i < end; i++) {
      const c = s.charCodeAt(i);
      if (c === 0x20 || c === 0x09) twoWords = false;
    }
    if (mode !== 'google' || !twoWords) {
      visitor.unreadable(line, 'missing-colon', start, end);
      return;
    }
    missingColon = true;
  } else valueStart = sep + 1;

  let keyEnd = sep;
  while (keyEnd > start && isSpace(s.charCodeAt(keyEnd - 1))) keyEnd--;
  if (keyEnd === start) {
    visitor.unreadable(line, 'empty-key', start, end);
    return;
  }
  while (valueStart < end && isSpace(s.charCodeAt(valueStart))) valueStart++;

  visitor.directive(
    line,
    classify(s, start, keyEnd, mode),
    start,
    keyEnd,
    valueStart,
    end,
    missingColon,
  );
}
