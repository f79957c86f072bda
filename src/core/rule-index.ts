// The rules one agent obeys, and the choice of how to decide among them: a scan of the rule
// table where it stands (nothing copied, so asking costs no memory), or the compiled index
// (compiled-index.ts) once scanning stops paying. Precedence (RFC 9309 §2.2.2): the longest
// normalized pattern wins, allow wins a tie; among equals the earliest line is reported, as
// Google's reference does.

import { CompiledIndex, K_EXACT, K_PLAIN, K_WILD, type RuleList } from './compiled-index.js';
import { isKeptInPath } from './normalize.js';
import {
  type CompiledPattern,
  compilePattern,
  googleIndexDirectoryEnd,
  matchesPatternAt,
  sameChars,
} from './pattern.js';
import {
  ALLOW,
  DIFFERS,
  GOOGLE_INDEX,
  type RuleTable,
  SHAPE,
  SHAPE_EXACT,
  SHAPE_PLAIN,
  SHAPE_WILD,
  T_END,
  T_INFO,
  T_SIZE,
  T_START,
} from './rule-table.js';

export { triePassPolicy } from './compiled-index.js';

/**
 * When a rule set is scanned rather than compiled. Internal: the cross-check test sets it to
 * force each path; nothing else should change it.
 */
export const scanPolicy = {
  /**
   * Rule sets this small without `*` rules are always scanned: a scan is as fast as a lookup and
   * needs no build. With `*` rules the index is faster even for a few rules (about 13% on the
   * corpus's small files), so they too are compiled once scans have cost about a build.
   */
  always: 16,
  /** A scan estimated above this much work (rules, plus path length for `*` rules) builds now. */
  maxWork: 20_000,
  /** Patterns longer than this in all build now: comparing them may cost as many characters. */
  maxChars: 65_536,
  /** Scans may cost this many times the rule count in all before the index is built. */
  buildAfter: 32,
};

/**
 * A rule's precedence (RFC 9309 §2.2.2), higher first: the longer normalized pattern, then allow
 * (`allow` 1) over disallow (0). Among equals the earlier line is reported.
 */
export function precedence(normalizedLength: number, allow: number): number {
  return normalizedLength * 2 + allow;
}

/**
 * The rules of some groups of a file (ranges of its rule table). The compiled index is built
 * when it pays: a set of a few rules without `*` is always scanned, any other is scanned until
 * the scans have cost about what building costs (ski rental), or built at once when a scan
 * would be expensive (many `*` rules and a long path). So a file asked once costs little more
 * than its parse, and a file asked often gets the index.
 */
export class RuleIndex {
  /** Number of rules indexed (those with a non-empty pattern). */
  readonly size: number;
  /**
   * The decision for every path, when the rules settle it without reading one (RFC 9309
   * §2.2.2: a path is disallowed only by a matching disallow rule that no longer allow rule
   * outranks): `allow` when none of them disallows; `disallow` when one disallows every path
   * (`/`, `*`, `/*`: paths start with `/`) and none allows. Null otherwise.
   */
  readonly verdict: 'allow' | 'disallow' | null;
  private readonly wildCount: number;
  /** Total length of the patterns: what comparing them all may cost. */
  private readonly patternChars: number;
  private scanned = 0;
  private compiled: CompiledIndex | null = null;
  /** The table's rule number of each rule of the compiled index. */
  private ids: Int32Array | null = null;

  /**
   * Bits by character code: the second characters of the rules' literal prefixes (before any
   * `*`), when every prefix has one. A path whose second character is none of them matches no
   * rule, which for most small files is most paths. Null when some prefix is shorter.
   */
  private readonly seconds: Int32Array | null;

  /** @param ranges pairs `[first, end)` of rule numbers, in table order. */
  constructor(
    private readonly table: RuleTable,
    private readonly ranges: readonly number[],
  ) {
    let size = 0;
    let wildCount = 0;
    let patternChars = 0;
    let seconds: Int32Array | null = new Int32Array(4);
    let allows = 0;
    let disallows = 0;
    let disallowsEveryPath = false;
    this.forEachRule((n, info, _, form, from) => {
      size++;
      patternChars += n;
      const shape = info & SHAPE;
      if (info & ALLOW) allows++;
      else {
        disallows++;
        if (matchesEveryPath(form, from, n, shape)) disallowsEveryPath = true;
      }
      if (shape === SHAPE_WILD) wildCount++;
      const literal =
        shape === SHAPE_EXACT
          ? n - 1
          : shape === SHAPE_PLAIN
            ? n
            : form.charCodeAt(from) === 0x2a
              ? 0
              : form.charCodeAt(from + 1) === 0x2a
                ? 1
                : n;
      // Google's derived `dir/$` has the literal prefix `dir/`, which may be just `/`.
      const derived =
        info & GOOGLE_INDEX ? googleIndexDirectoryEnd(form, from, from + n) - from : n;
      const c = form.charCodeAt(from + 1);
      if (literal < 2 || derived < 2 || c >= 0x80) seconds = null;
      else if (seconds !== null) seconds[c >> 5] |= 1 << (c & 31);
    });
    this.size = size;
    this.verdict =
      disallows === 0 ? 'allow' : disallowsEveryPath && allows === 0 ? 'disallow' : null;
    this.wildCount = wildCount;
    this.patternChars = patternChars;
    this.seconds = seconds;
  }

  /**
   * Each rule with a non-empty pattern: its number, INFO bits and normalized form, which is
   * `form[from, from + n)`.
   */
  private forEachRule(
    visit: (n: number, info: number, rule: number, form: string, from: number) => void,
  ): void {
    const { data, text, forms } = this.table;
    const ranges = this.ranges;
    for (let g = 0; g < ranges.length; g += 2) {
      for (let r = ranges[g]; r < ranges[g + 1]; r++) {
        const at = r * T_SIZE;
        const info = data[at + T_INFO];
        const form = info & DIFFERS ? forms!.get(r)! : text;
        const from = info & DIFFERS ? 0 : data[at + T_START];
        const n = info & DIFFERS ? form.length : data[at + T_END] - from;
        // An empty pattern matches nothing (RFC 9309 §2.2.2; in Google's reference its
        // priority 0 never decides).
        if (n > 0) visit(n, info, r, form, from);
      }
    }
  }

  /**
   * Whether the path `s[start, end)` matches no rule, as its second character alone tells.
   * `end` may be -1 when the path runs to the next `#` or the end of `s`. `raw`: the path is
   * not normalized yet (rfc); then only a character normalization keeps as it is can tell
   * (an escape, say, may turn into any character).
   */
  rulesOut(s: string, start: number, end: number, raw: boolean): boolean {
    const seconds = this.seconds;
    if (seconds === null) return false;
    const c = s.charCodeAt(start + 1);
    // A path of one character (`/`) is shorter than every prefix.
    if (end < 0 ? Number.isNaN(c) || c === 0x23 : end - start < 2) return true;
    if (raw && !isKeptInPath(c)) return false;
    return c >= 0x80 || (seconds[c >> 5] & (1 << (c & 31))) === 0;
  }

  /**
   * The table's number of the deciding rule for the path `s[start, end)`, or -1 when none.
   * Callers ask {@link rulesOut} first: most paths end there.
   */
  match(s: string, start: number, end: number): number {
    if (this.compiled !== null) {
      const r = this.compiled.decide(s, start, end);
      return r < 0 ? -1 : this.ids![r];
    }
    const work = this.size + this.wildCount * ((end - start) >> 3);
    if (
      (this.size <= scanPolicy.always && this.wildCount === 0) ||
      (work <= scanPolicy.maxWork &&
        this.patternChars <= scanPolicy.maxChars &&
        this.scanned + work <= this.size * scanPolicy.buildAfter)
    ) {
      this.scanned += work;
      return this.scan(s, start, end);
    }
    this.compile();
    return this.match(s, start, end);
  }

  /** Every rule in turn, read from the table: the best match by rank, then line. */
  private scan(s: string, start: number, end: number): number {
    const { data, text, forms } = this.table;
    const ranges = this.ranges;
    const length = end - start;
    const second = s.charCodeAt(start + 1);
    let best = -1;
    let bestRank = -1;
    for (let g = 0; g < ranges.length; g += 2) {
      for (let r = ranges[g]; r < ranges[g + 1]; r++) {
        const at = r * T_SIZE;
        const info = data[at + T_INFO];
        // The normalized form is form[from, from + n).
        let form = text;
        let from = data[at + T_START];
        let n = data[at + T_END] - from;
        if (info & DIFFERS) {
          form = forms!.get(r)!;
          from = 0;
          n = form.length;
        }
        // Rules come in line order: one that only ties the best so far reports a later line.
        const rank = precedence(n, info & ALLOW);
        if (n === 0 || rank <= bestRank) continue;
        const shape = info & SHAPE;
        let matched: boolean;
        // Most rules differ from the path by their second character: tested before the call.
        if (shape === SHAPE_PLAIN) {
          matched =
            n <= length &&
            (n === 1 || form.charCodeAt(from + 1) === second) &&
            sameChars(form, from, s, start, n);
        } else if (shape === SHAPE_EXACT)
          matched = n - 1 === length && sameChars(form, from, s, start, n - 1);
        else {
          const anchored = form.charCodeAt(from + n - 1) === 0x24;
          matched = matchesPatternAt(
            form,
            from,
            from + n - (anchored ? 1 : 0),
            anchored,
            s,
            start,
            end,
          );
        }
        if (matched) {
          best = r;
          bestRank = rank;
        } else if (info & GOOGLE_INDEX) {
          // Google's derived `dir/$`, an allow rule: the path is the directory itself.
          const dir = googleIndexDirectoryEnd(form, from, from + n);
          const derivedRank = precedence(dir - from + 1, 1);
          if (derivedRank > bestRank && matchesPatternAt(form, from, dir, true, s, start, end)) {
            best = r;
            bestRank = derivedRank;
          }
        }
      }
    }
    return best;
  }

  /** Builds the compiled index from the table (the list it reads is dropped afterwards). */
  private compile(): void {
    const ids: number[] = [];
    const table = this.table;
    const list: RuleList = { codes: [], items: [], at: [], text: table.text };
    this.forEachRule((n, info, r) => {
      // The prefix stands in the text unless the rule was rewritten by normalization.
      const at = info & DIFFERS ? -1 : table.data[r * T_SIZE + T_START];
      const rank = precedence(n, info & ALLOW);
      const shape = info & SHAPE;
      let item: string | CompiledPattern;
      const form = table.normalized(r);
      if (shape === SHAPE_WILD) item = compilePattern(form);
      else item = form.slice(0, shape === SHAPE_EXACT ? n - 1 : n);
      ids.push(r);
      list.codes.push(
        rank * 4 + (shape === SHAPE_WILD ? K_WILD : shape === SHAPE_EXACT ? K_EXACT : K_PLAIN),
      );
      list.items.push(item);
      list.at.push(at);
      if (info & GOOGLE_INDEX) {
        // Google's derived `dir/$`, right after its rule so ties keep line order.
        const dir = googleIndexDirectoryEnd(form, 0, form.length);
        const rank = precedence(dir + 1, 1);
        const derived = compilePattern(`${form.slice(0, dir)}$`);
        const isWild = derived.segments !== null;
        ids.push(r);
        list.codes.push(rank * 4 + (isWild ? K_WILD : K_EXACT));
        list.items.push(isWild ? derived : derived.prefix);
        list.at.push(at);
      }
    });
    this.compiled = new CompiledIndex(list);
    this.ids = Int32Array.from(ids);
  }
}

/**
 * Whether the pattern `form[from, from + n)` of shape `shape` matches every path: `/`, or `*`s
 * after an optional `/` (every path starts with `/`).
 */
function matchesEveryPath(form: string, from: number, n: number, shape: number): boolean {
  let i = form.charCodeAt(from) === 0x2f ? from + 1 : from;
  if (shape === SHAPE_PLAIN) return i === from + n;
  if (shape !== SHAPE_WILD) return false;
  for (; i < from + n; i++) if (form.charCodeAt(i) !== 0x2a) return false;
  return true;
}
