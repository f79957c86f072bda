// Compiled `*`/`$` patterns (RFC 9309 §2.2.3). A pattern is its literal prefix plus the
// literal segments between `*`s; matching finds each segment leftmost, which is linear in the
// path and never backtracks: no regular expressions.

/** A pattern ready to match, compiled once at parse time. */
export interface CompiledPattern {
  /** Literal text before the first `*` (without a final `$`). */
  readonly prefix: string;
  /** Literal segments after the first `*`, empty runs of `*` collapsed; null when there is no `*`. */
  readonly segments: readonly string[] | null;
  /** True when the pattern ended in `$`: the match must reach the end of the path. */
  readonly anchored: boolean;
}

/** Splits a normalized pattern into its literal prefix and `*`-separated segments. */
export function compilePattern(pattern: string): CompiledPattern {
  // `$` is special only as the last character; elsewhere it is a literal octet.
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const star = body.indexOf('*');
  if (star < 0) return { prefix: body, segments: null, anchored };
  const segments: string[] = [];
  for (const part of body.slice(star + 1).split('*')) if (part !== '') segments.push(part);
  // A trailing `*` (or `*$`) leaves an empty last segment: anything may follow.
  if (body.endsWith('*')) segments.push('');
  return { prefix: body.slice(0, star), segments, anchored };
}

/**
 * Whether `p` matches the path `s[start, end)`, given that the path already starts with
 * `p.prefix` (the rule index checks prefixes while it walks).
 */
export function matchesAfterPrefix(
  p: CompiledPattern,
  s: string,
  start: number,
  end: number,
): boolean {
  const segments = p.segments;
  if (segments === null) return !p.anchored || end - start === p.prefix.length;
  let pos = start + p.prefix.length;
  const last = segments.length - 1;
  for (let k = 0; k < last; k++) {
    const segment = segments[k];
    const at = s.indexOf(segment, pos);
    if (at < 0 || at + segment.length > end) return false;
    pos = at + segment.length;
  }
  const tail = segments[last];
  // Anchored: the tail must end the path and must not overlap what earlier segments consumed.
  if (p.anchored) return end - pos >= tail.length && s.startsWith(tail, end - tail.length);
  if (tail === '') return true;
  const at = s.indexOf(tail, pos);
  return at >= 0 && at + tail.length <= end;
}

/** Whether `p` matches the path `s[start, end)`. */
export function matchesPattern(p: CompiledPattern, s: string, start = 0, end = s.length): boolean {
  if (end - start < p.prefix.length || !s.startsWith(p.prefix, start)) return false;
  return matchesAfterPrefix(p, s, start, end);
}

/**
 * Aho–Corasick over a set of literal segments: one left-to-right pass over a path finds the
 * leftmost occurrence of every segment at once, so a rule-index node with many `*` children
 * costs one scan of the path, not one scan per child. Built lazily by the index, on first use.
 */
export class SegmentSearch {
  /** Word ids found by the last {@link search}, in the order they were found. */
  readonly hits: Int32Array;
  /** End (exclusive) of the leftmost occurrence of each word found by the last search, else -1. */
  readonly found: Int32Array;
  private hitCount = 0;
  /** Transitions out of the root for ASCII characters (-1 when none). */
  private readonly rootNext: Int32Array;
  /** Per state, its edges in `edgeChar`/`edgeTarget` are `[edgeStart[s], edgeStart[s + 1])`, by char. */
  private readonly edgeStart: Int32Array;
  private readonly edgeChar: Uint16Array;
  private readonly edgeTarget: Int32Array;
  private readonly fail: Int32Array;
  /** The word that ends exactly at a state, or -1. */
  private readonly out: Int32Array;
  /** The nearest proper suffix state where a word ends, or -1. */
  private readonly dict: Int32Array;

  constructor(words: readonly string[]) {
    const next: Map<number, number>[] = [new Map()];
    const out: number[] = [-1];
    words.forEach((word, w) => {
      let state = 0;
      for (let i = 0; i < word.length; i++) {
        const c = word.charCodeAt(i);
        let t = next[state].get(c);
        if (t === undefined) {
          t = next.length;
          next.push(new Map());
          out.push(-1);
          next[state].set(c, t);
        }
        state = t;
      }
      out[state] = w;
    });
    const n = next.length;
    this.out = Int32Array.from(out);
    this.fail = new Int32Array(n);
    this.dict = new Int32Array(n).fill(-1);
    const queue: number[] = [];
    for (const t of next[0].values()) queue.push(t);
    for (let q = 0; q < queue.length; q++) {
      const u = queue[q];
      for (const [c, v] of next[u]) {
        let f = this.fail[u];
        while (f !== 0 && !next[f].has(c)) f = this.fail[f];
        const target = next[f].get(c);
        const fv = target !== undefined && target !== v ? target : 0;
        this.fail[v] = fv;
        this.dict[v] = this.out[fv] >= 0 ? fv : this.dict[fv];
        queue.push(v);
      }
    }
    let edges = 0;
    for (const m of next) edges += m.size;
    this.edgeStart = new Int32Array(n + 1);
    this.edgeChar = new Uint16Array(edges);
    this.edgeTarget = new Int32Array(edges);
    let e = 0;
    for (let s = 0; s < n; s++) {
      this.edgeStart[s] = e;
      for (const [c, t] of [...next[s]].sort((a, b) => a[0] - b[0])) {
        this.edgeChar[e] = c;
        this.edgeTarget[e++] = t;
      }
    }
    this.edgeStart[n] = e;
    this.rootNext = new Int32Array(128).fill(-1);
    for (const [c, t] of next[0]) if (c < 128) this.rootNext[c] = t;
    this.found = new Int32Array(words.length).fill(-1);
    this.hits = new Int32Array(words.length);
  }

  private step(state: number, c: number): number {
    if (state === 0 && c < 128) return this.rootNext[c];
    let lo = this.edgeStart[state];
    let hi = this.edgeStart[state + 1] - 1;
    const chars = this.edgeChar;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const m = chars[mid];
      if (m === c) return this.edgeTarget[mid];
      if (m < c) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /**
   * Finds the leftmost occurrence within `s[from, end)` of every word; returns how many words
   * occur ({@link hits} lists them, {@link found} tells where each ends). Allocates nothing.
   */
  search(s: string, from: number, end: number): number {
    const { found, hits, out, dict, fail } = this;
    for (let k = 0; k < this.hitCount; k++) found[hits[k]] = -1;
    const words = found.length;
    let count = 0;
    let state = 0;
    for (let i = from; i < end && count < words; i++) {
      const c = s.charCodeAt(i);
      for (;;) {
        const t = this.step(state, c);
        if (t >= 0) {
          state = t;
          break;
        }
        if (state === 0) break;
        state = fail[state];
      }
      // Every word that ends here is a suffix of the state's string, along the dictionary
      // links. A word already found means all its suffixes were found too: stop there.
      for (let w = out[state] >= 0 ? state : dict[state]; w >= 0; w = dict[w]) {
        const word = out[w];
        if (found[word] >= 0) break;
        found[word] = i + 1;
        hits[count++] = word;
      }
    }
    this.hitCount = count;
    return count;
  }
}
