// The rules of a file, stored compactly: four numbers a rule and the file's own text, with a
// normalized form kept only where it differs from the written one. RuleRef objects are made on
// demand (explain, `groups`), so a parsed file costs little more than its text.

import type { RuleKind, RuleRef } from './types.js';

const LINE = 0;
const START = 1;
const END = 2;
const KIND = 3; // 1 allow, 0 disallow
const SIZE = 4;

/** Rule counts up to this keep a plain array: a typed array's fixed cost outweighs its 4 bytes. */
const SMALL = 64;

export class RuleTable {
  private data: Int32Array | number[] = [];
  private size = 0;
  /** Normalized forms that differ from the written pattern, by rule number. */
  private normalizedForms: Map<number, string> | null = null;
  private refs: (RuleRef | undefined)[] | null = null;

  constructor(private readonly text: string) {}

  /** Adds a rule written at `text[start, end)`; returns its number. */
  add(kind: RuleKind, line: number, start: number, end: number, normalized: string | null): number {
    (this.data as number[]).push(line, start, end, kind === 'allow' ? 1 : 0);
    if (normalized !== null) {
      this.normalizedForms ??= new Map();
      this.normalizedForms.set(this.size, normalized);
    }
    return this.size++;
  }

  /** Drops the spare room left by growing, once the file is read. */
  seal(): void {
    this.data = this.size > SMALL ? Int32Array.from(this.data) : this.data.slice();
  }

  get count(): number {
    return this.size;
  }

  isAllow(rule: number): boolean {
    return this.data[rule * SIZE + KIND] === 1;
  }

  line(rule: number): number {
    return this.data[rule * SIZE + LINE];
  }

  /** The pattern as written. */
  pattern(rule: number): string {
    const at = rule * SIZE;
    return this.text.slice(this.data[at + START], this.data[at + END]);
  }

  /** The normalized pattern: the form matched, whose length decides precedence. */
  normalized(rule: number): string {
    return this.normalizedForms?.get(rule) ?? this.pattern(rule);
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
        normalized: this.normalizedForms?.get(rule) ?? pattern,
        line: this.line(rule),
      };
      this.refs[rule] = ref;
    }
    return ref;
  }
}
