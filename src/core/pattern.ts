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
 * Google-compatible: its reference also reads `Allow: /dir/index.html` (or `.htm`, or anything
 * after `/index.htm`) as `Allow: /dir/$`, so the directory itself is allowed. For the pattern
 * `s[start, end)`, returns where its `dir/` ends (the derived pattern is `s[start, that)` + `$`),
 * or -1 when the rule derives none.
 */
export function googleIndexDirectoryEnd(s: string, start: number, end: number): number {
  if (end - start < 10) return -1;
  // A pattern that starts with `/` bounds a native search back for its last `/`; another is
  // searched by hand, as one from its end could run on through the rest of the file.
  let slash = end - 1;
  if (s.charCodeAt(start) === 0x2f) slash = s.lastIndexOf('/', end - 1);
  else while (slash >= start && s.charCodeAt(slash) !== 0x2f) slash--;
  return slash >= start && end - slash >= 10 && s.startsWith('/index.htm', slash) ? slash + 1 : -1;
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

/** Does `p[from, from + n)` equal `s[start, start + n)`? */
export function sameChars(p: string, from: number, s: string, start: number, n: number): boolean {
  for (let i = 0; i < n; i++) if (p.charCodeAt(from + i) !== s.charCodeAt(start + i)) return false;
  return true;
}

/** Remainders longer than this are searched natively (for that, a segment is sliced out). */
const NATIVE_SEARCH_FROM = 256;

/** The leftmost occurrence of `p[from, from + n)` in `s[pos, end)`, or -1. */
function findChars(
  p: string,
  from: number,
  n: number,
  s: string,
  pos: number,
  end: number,
): number {
  if (end - pos > NATIVE_SEARCH_FROM) {
    const at = s.indexOf(p.slice(from, from + n), pos);
    return at >= 0 && at + n <= end ? at : -1;
  }
  // Candidates are found natively by the first character (one-character strings are not
  // allocated: V8 keeps them).
  const first = p[from];
  for (let k = s.indexOf(first, pos); k >= 0 && k + n <= end; k = s.indexOf(first, k + 1)) {
    if (sameChars(p, from + 1, s, k + 1, n - 1)) return k;
  }
  return -1;
}

/**
 * Whether the pattern `p[from, to)` (`*` a wildcard; `anchored`: a `$` followed it) matches
 * the path `s[start, end)`, read where the pattern stands: no compiled form, nothing kept, so
 * a scan of a few rules costs no memory. Leftmost matching, as {@link matchesAfterPrefix}.
 */
export function matchesPatternAt(
  p: string,
  from: number,
  to: number,
  anchored: boolean,
  s: string,
  start: number,
  end: number,
): boolean {
  let i = from;
  let pos = start;
  for (; i < to; i++, pos++) {
    const c = p.charCodeAt(i);
    if (c === 0x2a) break;
    if (pos >= end || c !== s.charCodeAt(pos)) return false;
  }
  if (i === to) return !anchored || pos === end;
  for (;;) {
    while (i < to && p.charCodeAt(i) === 0x2a) i++;
    // A trailing `*` (or `*$`): anything may follow.
    if (i === to) return true;
    let j = i;
    while (j < to && p.charCodeAt(j) !== 0x2a) j++;
    const n = j - i;
    // Anchored: the last segment must end the path, after what earlier segments consumed.
    if (j === to && anchored) return end - pos >= n && sameChars(p, i, s, end - n, n);
    const at = findChars(p, i, n, s, pos, end);
    if (at < 0) return false;
    pos = at + n;
    i = j;
  }
}

/** Whether `p` matches the path `s[start, end)`. */
export function matchesPattern(p: CompiledPattern, s: string, start = 0, end = s.length): boolean {
  if (end - start < p.prefix.length || !s.startsWith(p.prefix, start)) return false;
  return matchesAfterPrefix(p, s, start, end);
}

/** States with this many edges get a dense row of transitions (see {@link SegmentSearch}). */
const DENSE_EDGES = 8;
/** Dense rows may hold this many cells per state of the automaton in all. */
const DENSE_CELLS_PER_STATE = 4;

/**
 * Aho–Corasick over a set of literal segments: one left-to-right pass over a path finds the
 * leftmost occurrence of every segment at once, so a compiled-index node with many `*` children
 * costs one scan of the path, not one scan per child. Built lazily by the index, on first use.
 */
export class SegmentSearch {
  /** Word ids found by the last {@link search}, in the order they were found. */
  readonly hits: Int32Array;
  /** End (exclusive) of the leftmost occurrence of each word found by the last search, else -1. */
  readonly found: Int32Array;
  private hitCount = 0;
  /**
   * Dense rows of transitions for ASCII characters, for the root and states with many edges:
   * a binary search over many edges mispredicts a branch per step, and on a long path over a
   * large automaton that is most of the cost. Row entries are indexed by `classOf[char]`
   * (class 0: a character on no edge) and hold the target, or -1.
   */
  private readonly rows: Int32Array;
  /** Offset of each state's row in `rows`, or -1 (then its edges are searched). */
  private readonly rowOf: Int32Array;
  private readonly classOf: Uint8Array;
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
    // The trie, from the words in sorted order: a word shares its first `common` characters
    // (states on `path`) with the one before and adds states for the rest, so each state's
    // children are made in character order. `parent`/`char` hold each state's incoming edge.
    const order = sortByKey(words);
    const parent: number[] = [-1];
    const char: number[] = [0];
    const out: number[] = [-1];
    const path: number[] = [0];
    let previous = '';
    for (let k = 0; k < order.length; k++) {
      const w = order[k];
      const word = words[w];
      let common = 0;
      const max = Math.min(word.length, previous.length);
      while (common < max && word.charCodeAt(common) === previous.charCodeAt(common)) common++;
      path.length = common + 1;
      for (let i = common; i < word.length; i++) {
        parent.push(path[i]);
        char.push(word.charCodeAt(i));
        out.push(-1);
        path.push(parent.length - 1);
      }
      out[path[word.length]] = w;
      previous = word;
    }
    const n = parent.length;
    // Edges grouped by state (counting sort on the parent), in character order within a state.
    const edgeStart = new Int32Array(n + 1);
    for (let s = 1; s < n; s++) edgeStart[parent[s] + 1]++;
    for (let s = 0; s < n; s++) edgeStart[s + 1] += edgeStart[s];
    const fill = edgeStart.slice(0, n);
    const edgeChar = new Uint16Array(n - 1);
    const edgeTarget = new Int32Array(n - 1);
    for (let s = 1; s < n; s++) {
      const e = fill[parent[s]]++;
      edgeChar[e] = char[s];
      edgeTarget[e] = s;
    }
    this.edgeStart = edgeStart;
    this.edgeChar = edgeChar;
    this.edgeTarget = edgeTarget;
    // Character classes: the ASCII characters on some edge, numbered from 1.
    const classOf = new Uint8Array(128);
    let width = 1;
    for (let e = 0; e < n - 1; e++) {
      const c = edgeChar[e];
      if (c < 128 && classOf[c] === 0) classOf[c] = width++;
    }
    // Rows for the root and states with DENSE_EDGES or more edges, in state order while they
    // stay within DENSE_CELLS_PER_STATE cells per state in all (a row only saves a search, so
    // any subset of states may have one).
    const rowOf = new Int32Array(n).fill(-1);
    let cells = 0;
    const maxCells = Math.max(width, DENSE_CELLS_PER_STATE * n);
    for (let s = 0; s < n && cells + width <= maxCells; s++) {
      if (s === 0 || edgeStart[s + 1] - edgeStart[s] >= DENSE_EDGES) {
        rowOf[s] = cells;
        cells += width;
      }
    }
    const rows = new Int32Array(cells).fill(-1);
    for (let s = 0; s < n; s++) {
      if (rowOf[s] < 0) continue;
      for (let e = edgeStart[s]; e < edgeStart[s + 1]; e++) {
        if (edgeChar[e] < 128) rows[rowOf[s] + classOf[edgeChar[e]]] = edgeTarget[e];
      }
    }
    this.rows = rows;
    this.rowOf = rowOf;
    this.classOf = classOf;
    this.out = Int32Array.from(out);
    // Failure links breadth first: a state's fail is the longest proper suffix in the trie.
    const fail = new Int32Array(n);
    const dict = new Int32Array(n).fill(-1);
    const queue = new Int32Array(n);
    let tail = 0;
    for (let e = edgeStart[0]; e < edgeStart[1]; e++) queue[tail++] = edgeTarget[e];
    for (let head = 0; head < tail; head++) {
      const u = queue[head];
      for (let e = edgeStart[u]; e < edgeStart[u + 1]; e++) {
        const v = edgeTarget[e];
        const c = edgeChar[e];
        let f = fail[u];
        let t = this.step(f, c);
        while (t < 0 && f !== 0) {
          f = fail[f];
          t = this.step(f, c);
        }
        const fv = t >= 0 && t !== v ? t : 0;
        fail[v] = fv;
        dict[v] = this.out[fv] >= 0 ? fv : dict[fv];
        queue[tail++] = v;
      }
    }
    this.fail = fail;
    this.dict = dict;
    this.found = new Int32Array(words.length).fill(-1);
    this.hits = new Int32Array(words.length);
  }

  private step(state: number, c: number): number {
    if (c < 128) {
      const row = this.rowOf[state];
      if (row >= 0) return this.rows[row + this.classOf[c]];
    }
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

/** `a > b` in UTF-16 code unit order, given that they agree before `from`. */
function greater(a: string, b: string, from: number): boolean {
  for (let i = from; ; i++) {
    if (i >= b.length) return i < a.length;
    if (i >= a.length) return false;
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return x > y;
  }
}

/** Buckets this small are finished by insertion; keys are spread by character below this depth. */
const RADIX_SMALL = 16;
const RADIX_DEPTH = 64;

/**
 * The order of `keys` sorted by UTF-16 code units (the order the lookup compares in), equal
 * keys next to each other. Most keys share a leading `/` and differ early: spreading them by
 * character (MSD radix) reads a few characters per key, where a comparison sort of sliced
 * strings pays a runtime call per comparison. Past RADIX_DEPTH characters, or for non-ASCII,
 * a comparison sort takes over.
 */
export function sortByKey(keys: readonly string[]): Int32Array {
  const n = keys.length;
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const aux = new Int32Array(n);
  const count = new Int32Array(131); // end of key, ASCII 0..127, anything else; +1 for sums
  const work = [0, n, 0];
  while (work.length > 0) {
    const depth = work.pop()!;
    const hi = work.pop()!;
    const lo = work.pop()!;
    if (hi - lo <= RADIX_SMALL) {
      for (let i = lo + 1; i < hi; i++) {
        const o = order[i];
        const key = keys[o];
        let j = i - 1;
        for (; j >= lo && greater(keys[order[j]], key, depth); j--) order[j + 1] = order[j];
        order[j + 1] = o;
      }
      continue;
    }
    if (depth >= RADIX_DEPTH) {
      const part = Array.from(order.subarray(lo, hi)).sort((a, b) =>
        keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : 0,
      );
      order.set(part, lo);
      continue;
    }
    count.fill(0);
    for (let i = lo; i < hi; i++) count[bucketOf(keys[order[i]], depth) + 1]++;
    for (let b = 1; b < count.length; b++) count[b] += count[b - 1];
    for (let i = lo; i < hi; i++) {
      const o = order[i];
      aux[count[bucketOf(keys[o], depth)]++] = o;
    }
    order.set(aux.subarray(0, hi - lo), lo);
    // count[b] is now the end of bucket b; bucket 0 holds the keys that end here (all equal).
    for (let b = 1; b <= 129; b++) {
      const start = lo + count[b - 1];
      const end = lo + count[b];
      // Non-ASCII characters share bucket 129 and are ordered by the comparison sort.
      if (end - start > 1) work.push(start, end, b === 129 ? RADIX_DEPTH : depth + 1);
    }
  }
  return order;
}

/** 0 for the end of the key, 1 + the character for ASCII, 129 for anything else. */
function bucketOf(key: string, depth: number): number {
  if (depth >= key.length) return 0;
  const c = key.charCodeAt(depth);
  return c < 128 ? c + 1 : 129;
}
