// The rules of a file, stored compactly: four numbers a rule over the file's own text, with a
// normalized form kept only where it differs from the written one. The matcher reads the
// table where it stands (rule-index.ts), and RuleRef objects are made on demand (explain,
// `groups`), so a parsed file costs little more than its text.

import { NextOf } from './next-of.js';
import { googleIndexDirectoryEnd } from './pattern.js';
import type { RuleKind, RuleRef } from './types.js';

// Numbers per rule.
export const T_START = 0; // the pattern as written is text[start, end)
export const T_END = 1;
export const T_LINE = 2;
export const T_INFO = 3; // the bits below
export const T_SIZE = 4;

/** INFO: an allow rule (else disallow). */
export const ALLOW = 1;
/** INFO: the normalized form's shape, one of SHAPE_*. */
export const SHAPE = 6;
/** No `*`, no final `$`: matches a path it prefixes. */
export const SHAPE_PLAIN = 0;
/** No `*`, ends in `$`: matches the path equal to the rest. */
export const SHAPE_EXACT = 2;
/** Has a `*`. */
export const SHAPE_WILD = 4;
/** INFO: the normalized form differs from the written one and is kept in `forms`. */
export const DIFFERS = 8;
/**
 * INFO: Google-compatible, an allow rule for `dir/index.htm…`, which Google's reference also
 * reads as `dir/$` (see {@link googleIndexDirectoryEnd}).
 */
export const GOOGLE_INDEX = 16;

/**
 * Where tables of small files are written while the file is read, kept between parses (which
 * never overlap): such a table then costs one allocation, its exact-size copy at
 * {@link RuleTable.seal}. Larger files get their own room.
 */
const scratch = new Int32Array(16_384);

export class RuleTable {
  /** T_SIZE numbers a rule: the shared scratch until {@link seal}, then the table's own. */
  data: Int32Array;
  private size = 0;
  /** Normalized forms that differ from the written pattern, by rule number (few or none). */
  forms: Map<number, string> | null = null;
  private refs: (RuleRef | undefined)[] | null = null;
  /**
   * Finds `*` in the text while rules are added (in text order), so a rule without one is not
   * read for it; dropped by {@link seal}.
   */
  private stars: NextOf | null;

  constructor(readonly text: string) {
    this.stars = new NextOf(text, '*');
    // Room for a rule every 32 characters (real files average one per 48): rarely grown.
    const room = T_SIZE * Math.max(16, text.length >> 5);
    this.data = room <= scratch.length ? scratch : new Int32Array(room);
  }

  /**
   * Adds a rule written at `text[start, end)` whose normalized form is `normalized`, or the
   * written pattern itself when null. Returns its number.
   */
  add(
    kind: RuleKind,
    line: number,
    start: number,
    end: number,
    normalized: string | null,
    googleIndex: boolean,
  ): number {
    let info = kind === 'allow' ? ALLOW : 0;
    let form = this.text;
    let from = start;
    let to = end;
    if (normalized !== null) {
      this.forms ??= new Map();
      this.forms.set(this.size, normalized);
      info |= DIFFERS;
      form = normalized;
      from = 0;
      to = normalized.length;
    }
    if (normalized !== null ? normalized.includes('*') : this.stars!.from(start) < end) {
      info |= SHAPE_WILD;
    } else if (to > from && form.charCodeAt(to - 1) === 0x24) info |= SHAPE_EXACT;
    if (googleIndex && kind === 'allow' && googleIndexDirectoryEnd(form, from, to) >= 0) {
      info |= GOOGLE_INDEX;
    }
    const at = this.size * T_SIZE;
    if (at + T_SIZE > this.data.length) this.grow();
    const data = this.data;
    data[at + T_START] = start;
    data[at + T_END] = end;
    data[at + T_LINE] = line;
    data[at + T_INFO] = info;
    return this.size++;
  }

  private grow(): void {
    const grown = new Int32Array(this.data.length * 2);
    grown.set(this.data);
    this.data = grown;
  }

  /** Copies the table out of its room, at its exact size, once the file is read. */
  seal(): void {
    this.data = this.data.slice(0, this.size * T_SIZE);
    this.stars = null;
  }

  get count(): number {
    return this.size;
  }

  isAllow(rule: number): boolean {
    return (this.data[rule * T_SIZE + T_INFO] & ALLOW) !== 0;
  }

  line(rule: number): number {
    return this.data[rule * T_SIZE + T_LINE];
  }

  /** The pattern as written. */
  pattern(rule: number): string {
    const at = rule * T_SIZE;
    return this.text.slice(this.data[at + T_START], this.data[at + T_END]);
  }

  /** The normalized pattern: the form matched, whose length decides precedence. */
  normalized(rule: number): string {
    return this.forms?.get(rule) ?? this.pattern(rule);
  }

  /** The rule as a {@link RuleRef}; the same object every time. */
  ref(rule: number): RuleRef {
    this.refs ??= new Array(this.size);
    let ref = this.refs[rule];
    if (ref === undefined) {
      const pattern = this.pattern(rule);
      ref = {
        kind: this.isAllow(rule) ? 'allow' : 'disallow',
        pattern,
        normalized: this.forms?.get(rule) ?? pattern,
        line: this.line(rule),
      };
      this.refs[rule] = ref;
    }
    return ref;
  }
}
