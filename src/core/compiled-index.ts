// The rules one agent obeys, compiled so that a decision's cost follows the URL, not the rule
// count (built by rule-index.ts once scanning stops paying). Precedence (RFC 9309 §2.2.2): the
// longest normalized pattern wins, allow wins a tie; among equals the earliest line is
// reported, as Google's reference does.
//
// Layout. A pattern is a literal prefix, then `*`-separated literal segments, then maybe `$`.
// - Prefixes: the distinct literal prefixes, sorted, each with a link to its longest proper
//   prefix in the set. A binary search finds the last prefix <= the path; the prefixes of the
//   path are exactly that entry's ancestors no longer than their common part, deepest first.
//   Each prefix's first two characters are also kept as one number: most probes compare that.
// - Segments: the wildcard rules of one prefix form a trie over their segment sequences (the
//   "glob trie"). Leftmost matching makes the position after a shared sequence the same for
//   every rule that shares it, so shared work is done once. A node with many children finds all
//   their segments in one pass of an Aho–Corasick automaton (pattern.ts), built on first use.
// - Gates: on short paths, one native search for any segment that starts a trie comes before
//   the tries (on most paths none occurs, and then no trie is searched), and one for any of a
//   node's children's segments before they are searched one by one.
// - Long paths: when searching a trie's segments one by one costs more than a pass over the
//   path would, one Aho–Corasick pass for all the trie's segments (the "trie pass", an
//   automaton per glob root built on first need) finds where each first occurs. A segment
//   that does not occur then needs no search, nor one whose first occurrence is past where the
//   search would start. A root whose last long decision repaid the pass gets it up front.
// - Every node knows the best rank below it and the shortest path remainder it can match, so
//   a check skips what cannot beat the rule found so far or cannot fit.
// All numbers live in one Int32Array; a decision allocates nothing but what it builds on first
// need (automata, gates, and buffers it keeps for the next).

import { type CompiledPattern, SegmentSearch, sortByKey } from './pattern.js';

// Prefix entries, 8 numbers each.
const E_PARENT = 0; // entry of the longest proper prefix in the set, or -1
const E_PLAIN = 1; // best rule that is exactly this prefix (no `*`, no `$`), or -1
const E_EXACT = 2; // best rule `prefix$`, or -1
const E_GLOB = 3; // root of this prefix's glob trie, or -1
const E_MAX_UP = 4; // best rank of this entry and all its ancestors
// The prefix: E_KEY_LEN characters at E_KEY_POS of the file's text, or when that is negative,
// otherKeys[-1 - E_KEY_POS] (a normalized form's prefix).
const E_KEY_POS = 5;
const E_KEY_LEN = 6;
// The prefix's first two characters as one number (see `head`), or -1 when it has fewer:
// most probes of the prefix search are decided by it, without reading the prefix.
const E_HEAD = 7;
const E_SIZE = 8;
// Glob trie nodes, 8 numbers each.
const G_SEG = 0; // segment on the edge into this node (-1 at a root)
const G_CHILDREN = 1; // offset of the child list
const G_CHILD_COUNT = 2;
const G_TERMINAL = 3; // best rule whose segments end here, or -1
const G_ANCHORED = 4; // offset of (tail segment, rule) pairs: rules `...*tail$` ending here
const G_ANCHORED_COUNT = 5;
const G_MAX = 6; // best rank in this subtree
const G_MIN_LEN = 7; // shortest remainder of the path any rule below can match
const G_SIZE = 8;

/**
 * When one Aho–Corasick pass replaces a search per child: always from this many children
 * (each search costs a call and a scan), and from a few when the rest of the path is long (the
 * automaton's pass is linear, while repeated searches can each scan it whole).
 */
const AUTOMATON_CHILDREN = 16;
const AUTOMATON_FEW_CHILDREN = 4;
const AUTOMATON_LONG_PATH = 256;

/**
 * Gates: one native search for any of several segments, where on most paths none occurs and
 * one search costs less than one per segment. The index has one for the segments that start
 * its glob tries (the first segment of every wildcard rule, or its `$` tail): when none
 * occurs, no wildcard rule but a bare `prefix*` matches, and no trie is searched. Below the
 * automaton's thresholds a node of two or more children has one for their segments. Both only
 * for remainders shorter than {@link AUTOMATON_LONG_PATH}, and for segments at most this many
 * characters in all (a node's; the index's below), so that a gate's own search (a regular
 * expression trying each segment at every position) costs little even where it fails to pay.
 */
const GATE_MAX_CHARS = 64;
const INDEX_GATE_MAX_CHARS = 256;

/**
 * When one pass over the path for every segment of a glob trie (a "trie pass") replaces most
 * searches. Searching costs are counted in characters `indexOf` reads; an automaton reads a
 * character about this many times slower, so a node's own pass counts this much per character
 * (and a trie pass costs about that per character of the remainder).
 */
const PASS_AUTOMATON_COST = 64;

/**
 * When a decision makes a trie pass. Internal, like {@link scanPolicy}: the cross-check test
 * forces the pass with it; nothing else should change it.
 */
export const triePassPolicy = {
  /** Shorter remainders never cost enough to repay a pass. */
  minPath: 512,
  /** A decision switches once its searches below the root cost this many times the remainder. */
  switchAfter: 32,
};

/** Work stack for glob tries, shared: decisions never nest. Pairs of (node, position). */
let stack = new Int32Array(256);

/** Room for `more` entries on the stack above its first `sp`. */
function growStack(sp: number, more: number): void {
  const grown = new Int32Array(Math.max(stack.length * 2, sp + more));
  grown.set(stack.subarray(0, sp));
  stack = grown;
}

/** One automaton over every segment on the edges of a glob trie, built on first need. */
interface TriePass {
  search: SegmentSearch;
  /** Segment of each word. */
  segOf: Int32Array;
  lengthOf: Int32Array;
  /** The root's child whose edge is each word, or -1. */
  rootChild: Int32Array;
  /**
   * For such a child that matches nothing by itself and has one child, that child's segment:
   * when it does not occur, the root's child is not worth visiting. Else -1. (Most children
   * a pass finds are like that where the pass pays: pairs of literals.)
   */
  rootNext: Int32Array;
  /** How many words the last pass found (`search.hits` lists them, `search.found` ends). */
  hitCount: number;
  /** Whether the last long decision under this root repaid a pass: then pass up front. */
  eager: boolean;
}

interface GlobDraft {
  seg: number;
  children: Map<number, GlobDraft> | null;
  terminal: number;
  /** Pairs of (tail segment, rule). */
  anchored: number[];
  id: number;
}

/**
 * A rule set to compile, in precedence order among equals: of two rules of one rank, the
 * earlier in the list (the earlier line) is reported.
 */
export interface RuleList {
  /** rank * 4 + kind: the rank is priority * 2, plus 1 for allow; the kind one of K_*. */
  codes: number[];
  /** The literal prefix of a PLAIN or EXACT rule, the compiled pattern of a WILD one. */
  items: (string | CompiledPattern)[];
  /**
   * Where each rule's literal prefix also stands in `text`, or -1: the index keeps positions,
   * not copies, of the prefixes found there.
   */
  at: number[];
  text: string;
}

/** No `*`, no `$`: matches a path it prefixes. */
export const K_PLAIN = 0;
/** No `*`, ends in `$`: matches the path equal to its prefix. */
export const K_EXACT = 1;
/** Has a `*`. */
export const K_WILD = 2;

/** The compiled index (see the file header). */
export class CompiledIndex {
  /** Rule rank: priority * 2, plus 1 for allow; then sections below. */
  private readonly d: Int32Array;
  private readonly entries: number;
  private readonly entryBase: number;
  private readonly globBase: number;
  private readonly memoBase: number;
  /** Entries' prefixes that do not stand in the text (see E_KEY_POS). */
  private readonly otherKeys: string[];
  private readonly text: string;
  /** Distinct segments of all wildcard rules. */
  private readonly segs: string[];
  private epoch = 0;
  private automata: Map<number, SegmentSearch> | null = null;
  /** Gates by glob node, built on first need; null for a node whose segments are too long. */
  private gates: (Gate | null | undefined)[] | null = null;
  /**
   * The index's gate (see {@link GATE_MAX_CHARS}), built on first need: null when its segments
   * are too long; false when no trie has any (its rules are all `prefix*`).
   */
  private rootGate: Gate | null | false | undefined;
  /** Trie passes by glob root. */
  private passes: Map<number, TriePass> | null = null;
  /**
   * Per segment, (epoch, start of its first occurrence) from the current decision's trie
   * pass. A segment of the trie not stamped with the epoch does not occur in the remainder.
   */
  private marks: Int32Array | null = null;
  /** Characters the current decision's searches have read (memo misses), or would have. */
  private scanCost = 0;

  constructor({ codes, items, at, text }: RuleList) {
    const ranks = codes.map((code) => code >> 2);
    const prefixes = items.map((item) => (typeof item === 'string' ? item : item.prefix));
    const segIds = new Map<string, number>();
    const segs: string[] = [];
    const segId = (seg: string) => {
      let id = segIds.get(seg);
      if (id === undefined) {
        id = segs.length;
        segs.push(seg);
        segIds.set(seg, id);
      }
      return id;
    };
    // Rules are listed in line order, so the earlier of two equal ranks has the lower number.
    const better = (r: number, best: number) =>
      best < 0 || ranks[r] > ranks[best] || (ranks[r] === ranks[best] && r < best);
    let globCount = 0;
    const newGlob = (seg: number): GlobDraft => ({
      seg,
      children: null,
      terminal: -1,
      anchored: [],
      id: globCount++,
    });

    const rules = codes.length;

    // Entries: rules sorted by prefix (no hashing), one entry per run of equal prefixes.
    const sorted = sortByKey(prefixes);
    const keys: string[] = [];
    const entryOf = new Int32Array(rules);
    for (let i = 0; i < rules; i++) {
      const r = sorted[i];
      if (i === 0 || prefixes[r] !== keys[keys.length - 1]) keys.push(prefixes[r]);
      entryOf[r] = keys.length - 1;
    }
    const entries = keys.length;
    const plainOf = new Int32Array(entries).fill(-1);
    const exactOf = new Int32Array(entries).fill(-1);
    const globOf: (GlobDraft | null)[] = new Array(entries).fill(null);
    for (let r = 0; r < rules; r++) {
      const e = entryOf[r];
      const compiled = items[r];
      if (typeof compiled === 'string') {
        if ((codes[r] & 3) === K_EXACT) exactOf[e] = better(r, exactOf[e]) ? r : exactOf[e];
        else plainOf[e] = better(r, plainOf[e]) ? r : plainOf[e];
        continue;
      }
      const { segments, anchored } = compiled as CompiledPattern & { segments: string[] };
      // A trailing `*` (segment '') matches anything, so `p*s*` is `p*s` and `p*$` is `p*`;
      // only a non-empty last segment before `$` must end the path.
      const last = segments[segments.length - 1];
      const mids = last === '' ? segments.slice(0, -1) : segments;
      const tail = anchored && last !== '' ? mids.length - 1 : -1;
      let node = globOf[e] ?? newGlob(-1);
      globOf[e] = node;
      for (let k = 0; k < mids.length; k++) {
        if (k === tail) break;
        const id = segId(mids[k]);
        node.children ??= new Map();
        let child = node.children.get(id);
        if (!child) {
          child = newGlob(id);
          node.children.set(id, child);
        }
        node = child;
      }
      if (tail >= 0) node.anchored.push(segId(mids[tail]), r);
      else node.terminal = better(r, node.terminal) ? r : node.terminal;
    }
    // An exact-length copy: arrays grown by push keep up to half their length spare.
    this.segs = segs.slice();

    // Glob nodes in breadth-first order (ids were given at creation; any order is fine as
    // long as children are finished before parents in the reverse pass).
    const globs: GlobDraft[] = new Array(globCount);
    const order: GlobDraft[] = [];
    for (const root of globOf) if (root) order.push(root);
    for (let q = 0; q < order.length; q++) {
      globs[order[q].id] = order[q];
      if (order[q].children) for (const child of order[q].children!.values()) order.push(child);
    }
    const maxRank = new Int32Array(globCount);
    const minLen = new Int32Array(globCount);
    for (let q = order.length - 1; q >= 0; q--) {
      const g = order[q];
      let max = g.terminal >= 0 ? ranks[g.terminal] : -1;
      let min = g.terminal >= 0 ? 0 : 0x7fffffff;
      for (let a = 0; a < g.anchored.length; a += 2) {
        max = Math.max(max, ranks[g.anchored[a + 1]]);
        min = Math.min(min, segs[g.anchored[a]].length);
      }
      for (const child of g.children?.values() ?? []) {
        max = Math.max(max, maxRank[child.id]);
        min = Math.min(min, segs[child.seg].length + minLen[child.id]);
      }
      maxRank[g.id] = max;
      minLen[g.id] = min;
    }

    this.text = text;
    this.entries = entries;
    let lists = 0;
    for (const g of globs) lists += (g.children?.size ?? 0) + g.anchored.length;
    this.entryBase = rules;
    this.globBase = this.entryBase + entries * E_SIZE;
    const listBase = this.globBase + globCount * G_SIZE;
    this.memoBase = listBase + lists;
    const d = new Int32Array(this.memoBase + segs.length * 3);
    this.d = d;
    d.set(ranks, 0);

    // Each entry's prefix by position where a rule's prefix stands in the text, else kept.
    const UNSET = 0x7fffffff;
    for (let e = 0; e < entries; e++) d[this.entryBase + e * E_SIZE + E_KEY_POS] = UNSET;
    for (let r = 0; r < rules; r++) {
      const b = this.entryBase + entryOf[r] * E_SIZE;
      if (at[r] >= 0 && d[b + E_KEY_POS] === UNSET) d[b + E_KEY_POS] = at[r];
    }
    this.otherKeys = [];
    for (let e = 0; e < entries; e++) {
      const b = this.entryBase + e * E_SIZE;
      d[b + E_KEY_LEN] = keys[e].length;
      d[b + E_HEAD] = keys[e].length < 2 ? -1 : head(keys[e], 0);
      if (d[b + E_KEY_POS] === UNSET) {
        d[b + E_KEY_POS] = -1 - this.otherKeys.length;
        this.otherKeys.push(keys[e]);
      }
    }

    // Prefix entries: a prefix sorts right before its extensions, so a stack of open prefixes
    // gives each entry its longest proper prefix in the set.
    const open: number[] = [];
    for (let e = 0; e < entries; e++) {
      const key = keys[e];
      while (open.length > 0 && !key.startsWith(keys[open[open.length - 1]])) open.pop();
      const parent = open.length > 0 ? open[open.length - 1] : -1;
      const b = this.entryBase + e * E_SIZE;
      const plain = plainOf[e];
      const exactRule = exactOf[e];
      const glob = globOf[e];
      d[b + E_PARENT] = parent;
      d[b + E_PLAIN] = plain;
      d[b + E_EXACT] = exactRule;
      d[b + E_GLOB] = glob ? glob.id : -1;
      let max = parent >= 0 ? d[this.entryBase + parent * E_SIZE + E_MAX_UP] : -1;
      if (plain >= 0) max = Math.max(max, ranks[plain]);
      if (exactRule >= 0) max = Math.max(max, ranks[exactRule]);
      if (glob) max = Math.max(max, maxRank[glob.id]);
      d[b + E_MAX_UP] = max;
      open.push(e);
    }

    // Glob nodes: children by best rank first, anchored tails by rank (then line).
    let list = listBase;
    for (const g of globs) {
      const b = this.globBase + g.id * G_SIZE;
      d[b + G_SEG] = g.seg;
      d[b + G_TERMINAL] = g.terminal;
      d[b + G_MAX] = maxRank[g.id];
      d[b + G_MIN_LEN] = minLen[g.id];
      const children = g.children
        ? [...g.children.values()].sort((x, y) => maxRank[y.id] - maxRank[x.id])
        : [];
      d[b + G_CHILDREN] = list;
      d[b + G_CHILD_COUNT] = children.length;
      for (const child of children) d[list++] = child.id;
      const pairs: [number, number][] = [];
      for (let a = 0; a < g.anchored.length; a += 2) pairs.push([g.anchored[a], g.anchored[a + 1]]);
      pairs.sort((x, y) => ranks[y[1]] - ranks[x[1]] || x[1] - y[1]);
      d[b + G_ANCHORED] = list;
      d[b + G_ANCHORED_COUNT] = pairs.length;
      for (const [tail, r] of pairs) {
        d[list++] = tail;
        d[list++] = r;
      }
    }
  }

  /** Whether rule `r` outranks rule `best` (-1: none). */
  private beats(r: number, best: number): boolean {
    if (best < 0) return true;
    const d = this.d;
    return d[r] > d[best] || (d[r] === d[best] && r < best);
  }

  /** The number of the deciding rule for `s[start, end)`, or -1. */
  decide(s: string, start: number, end: number): number {
    const d = this.d;
    const { otherKeys, text } = this;
    const base = this.entryBase;
    // The last prefix <= the path. Keys between two that share their first c characters
    // with the path share them too, so comparisons start past the smaller such count.
    const length = end - start;
    // head(s, start), written out: the engine does not inline it into this long function.
    const pathHead = length < 2 ? -1 : (s.charCodeAt(start) << 16) | s.charCodeAt(start + 1);
    let lo = 0;
    let hi = this.entries - 1;
    let k = -1;
    let common = 0; // characters entry k shares with the path
    let commonLo = 0;
    let commonHi = 0;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const m = base + mid * E_SIZE;
      const h = d[m + E_HEAD];
      let i: number;
      let below: boolean;
      if (h >= 0 && pathHead >= 0 && h !== pathHead) {
        // They differ in the first two characters: in the second when the first agree.
        i = h >>> 16 === pathHead >>> 16 ? 1 : 0;
        below = h < pathHead;
      } else {
        const pos = d[m + E_KEY_POS];
        const key = pos >= 0 ? text : otherKeys[-1 - pos];
        const at = Math.max(pos, 0);
        const n = d[m + E_KEY_LEN];
        const l = Math.min(n, length);
        i = Math.min(commonLo, commonHi);
        while (i < l && key.charCodeAt(at + i) === s.charCodeAt(start + i)) i++;
        below = i < l ? key.charCodeAt(at + i) < s.charCodeAt(start + i) : n <= length;
      }
      if (below) {
        k = mid;
        common = i;
        commonLo = i;
        lo = mid + 1;
      } else {
        commonHi = i;
        hi = mid - 1;
      }
    }
    if (k < 0) return -1;
    // Every prefix of the path in the set is an ancestor of entry k no longer than their
    // common part (a string between a prefix of the path and the path extends that prefix).
    let e = k;
    while (e >= 0 && d[base + e * E_SIZE + E_KEY_LEN] > common) e = d[base + e * E_SIZE + E_PARENT];
    let best = -1;
    // Whether a segment that starts a trie may occur in the path: 1 yes, 0 no, -1 not asked
    // yet (it is asked once, when the first trie is met).
    let anySegment = -1;
    for (; e >= 0; e = d[base + e * E_SIZE + E_PARENT]) {
      const b = base + e * E_SIZE;
      if (best >= 0 && d[b + E_MAX_UP] < d[best]) break;
      const len = d[b + E_KEY_LEN];
      const plain = d[b + E_PLAIN];
      if (plain >= 0 && this.beats(plain, best)) best = plain;
      const exact = d[b + E_EXACT];
      if (exact >= 0 && len === end - start && this.beats(exact, best)) best = exact;
      const glob = d[b + E_GLOB];
      if (glob >= 0 && (best < 0 || d[this.globBase + glob * G_SIZE + G_MAX] >= d[best])) {
        if (anySegment < 0) anySegment = this.segmentsMayOccur(s, start, end) ? 1 : 0;
        if (anySegment === 1) best = this.searchGlob(glob, s, start + len, end, best);
        else {
          // Only a bare `prefix*` under this prefix can match.
          const terminal = d[this.globBase + glob * G_SIZE + G_TERMINAL];
          if (terminal >= 0 && this.beats(terminal, best)) best = terminal;
        }
      }
    }
    return best;
  }

  /** The best rule under glob node `root` for the path remainder `s[pos, end)`, or `best`. */
  private searchGlob(root: number, s: string, pos: number, end: number, best: number): number {
    const d = this.d;
    const segs = this.segs;
    const globBase = this.globBase;
    this.epoch = this.epoch === 0x7fffffff ? this.resetMemo() : this.epoch + 1;
    // A long remainder may get a trie pass: up front when the last long one repaid it, else
    // once the searches have cost more than it would. Every later search starts at or after
    // `pos`, so the pass over `s[pos, end)` answers them all, and the rest of the search
    // goes on in searchAfterPass (its own function: this one stays optimized as it was).
    const long = end - pos >= triePassPolicy.minPath;
    const eager = long && this.passes?.get(root)?.eager === true;
    const switchCost = triePassPolicy.switchAfter * (end - pos);
    let tried = !long;
    this.scanCost = 0;
    // Stack entries: (node, position). A position >= 0 is where the node's segment ended; a
    // negative one, -(p + 1), asks to search the node's segment from p first.
    let sp = 0;
    stack[sp++] = root;
    stack[sp++] = pos;
    while (sp > 0) {
      if (!tried && (eager || this.scanCost > switchCost)) {
        tried = true;
        const pass = this.triePass(root);
        this.runPass(pass, s, pos, end);
        return this.searchAfterPass(pass, root, s, end, best, sp, switchCost, !eager);
      }
      let p = stack[--sp];
      const g = stack[--sp];
      const b = globBase + g * G_SIZE;
      if (best >= 0 && d[b + G_MAX] < d[best]) continue;
      if (p < 0) {
        const from = -p - 1;
        const seg = d[b + G_SEG];
        const at = this.indexOf(seg, s, from, end);
        if (at < 0) continue;
        p = at + segs[seg].length;
        if (p > end) continue;
      }
      if (end - p < d[b + G_MIN_LEN]) continue;
      best = this.rulesAt(b, s, p, end, best);
      const count = d[b + G_CHILD_COUNT];
      if (count === 0) continue;
      const children = d[b + G_CHILDREN];
      if (sp + 2 * count > stack.length) growStack(sp, 2 * count);
      if (
        count >= AUTOMATON_CHILDREN ||
        (count >= AUTOMATON_FEW_CHILDREN && end - p > AUTOMATON_LONG_PATH)
      ) {
        // The root's own pass is no reason for a trie pass: it would be that pass again.
        if (g !== root) this.scanCost += PASS_AUTOMATON_COST * (end - p);
        const automaton = this.automaton(g, children, count);
        const hits = automaton.search(s, p, end);
        for (let h = 0; h < hits; h++) {
          const child = automaton.hits[h];
          stack[sp++] = d[children + child];
          stack[sp++] = automaton.found[child];
        }
      } else {
        if (count >= 2 && end - p < AUTOMATON_LONG_PATH) {
          // None of the children's segments occurs: none of them can match.
          const gate = this.gate(g, children, count);
          if (gate !== null && !occursFrom(gate, s, p)) continue;
        }
        // Pushed lowest rank first, so the best child is examined first.
        for (let c = count - 1; c >= 0; c--) {
          const child = d[children + c];
          if (best >= 0 && d[globBase + child * G_SIZE + G_MAX] < d[best]) continue;
          stack[sp++] = child;
          stack[sp++] = -p - 1;
        }
      }
    }
    return best;
  }

  /**
   * {@link searchGlob} from its stack's first `sp` entries on, once trie pass `pass` has
   * found where each segment first occurs in the remainder: most searches are answered by
   * that (see {@link occurrence}), and no node needs its own automaton. `scanCost` now counts
   * what the searches would have cost, to judge whether the pass paid (`switched`: it did,
   * the searches had cost more already).
   */
  private searchAfterPass(
    pass: TriePass,
    root: number,
    s: string,
    end: number,
    best: number,
    sp: number,
    switchCost: number,
    switched: boolean,
  ): number {
    const d = this.d;
    const segs = this.segs;
    const globBase = this.globBase;
    this.scanCost = 0;
    while (sp > 0) {
      let p = stack[--sp];
      const g = stack[--sp];
      const b = globBase + g * G_SIZE;
      if (best >= 0 && d[b + G_MAX] < d[best]) continue;
      if (p < 0) {
        const from = -p - 1;
        const seg = d[b + G_SEG];
        const at = this.occurrence(seg, s, from, end);
        if (at < 0) continue;
        p = at + segs[seg].length;
        if (p > end) continue;
      }
      if (end - p < d[b + G_MIN_LEN]) continue;
      best = this.rulesAt(b, s, p, end, best);
      const count = d[b + G_CHILD_COUNT];
      if (count === 0) continue;
      const children = d[b + G_CHILDREN];
      if (sp + 2 * Math.max(count, pass.hitCount) > stack.length) {
        growStack(sp, 2 * Math.max(count, pass.hitCount));
      }
      if (g === root && pass.hitCount < count) {
        sp = this.pushRootHits(pass, sp, end);
        continue;
      }
      if (
        g !== root &&
        (count >= AUTOMATON_CHILDREN ||
          (count >= AUTOMATON_FEW_CHILDREN && end - p > AUTOMATON_LONG_PATH))
      ) {
        this.scanCost += PASS_AUTOMATON_COST * (end - p); // the node's own pass, saved
      }
      for (let c = count - 1; c >= 0; c--) {
        const child = d[children + c];
        if (best >= 0 && d[globBase + child * G_SIZE + G_MAX] < d[best]) continue;
        stack[sp++] = child;
        stack[sp++] = -p - 1;
      }
    }
    pass.eager = switched || this.scanCost > switchCost;
    return best;
  }

  /**
   * Pushes the root's children that occur, each at its first occurrence (the pass started
   * at the root), and returns the new stack size. Its own function: this loop is long and
   * optimized while it runs, which would otherwise compile searchAfterPass before the rest of
   * it has run, to be thrown away when the rest does.
   */
  private pushRootHits(pass: TriePass, sp: number, end: number): number {
    const marks = this.marks!;
    const epoch = this.epoch;
    const { hits, found } = pass.search;
    const { rootChild, rootNext, hitCount } = pass;
    let saved = 0;
    for (let h = 0; h < hitCount; h++) {
      const word = hits[h];
      const child = rootChild[word];
      if (child < 0) continue;
      const after = found[word];
      const next = rootNext[word];
      if (next >= 0 && marks[2 * next] !== epoch) {
        saved += end - after; // a search it saves
        continue;
      }
      stack[sp++] = child;
      stack[sp++] = after;
    }
    this.scanCost += saved;
    return sp;
  }

  /** The best of `best` and the rules that end at glob node `b` (its offset) at position p. */
  private rulesAt(b: number, s: string, p: number, end: number, best: number): number {
    const d = this.d;
    const terminal = d[b + G_TERMINAL];
    if (terminal >= 0 && this.beats(terminal, best)) best = terminal;
    // `...*tail$`: the tail must end the path and start at or after p.
    const anchored = d[b + G_ANCHORED];
    const anchoredEnd = anchored + 2 * d[b + G_ANCHORED_COUNT];
    for (let a = anchored; a < anchoredEnd; a += 2) {
      const r = d[a + 1];
      if (!this.beats(r, best)) break; // the rest rank lower still
      const tail = this.segs[d[a]];
      if (end - p >= tail.length && s.startsWith(tail, end - tail.length)) return r;
    }
    return best;
  }

  /**
   * `s.indexOf(segment, from)`, remembered for this decision: an answer `at` from `f` is the
   * answer from any position in `[f, at]`, and "none" from `f` is "none" from anything after.
   */
  private indexOf(seg: number, s: string, from: number, end: number): number {
    const d = this.d;
    const m = this.memoBase + seg * 3;
    if (d[m] === this.epoch) {
      const f = d[m + 1];
      const at = d[m + 2];
      if (from >= f && (at < 0 || from <= at)) return at;
    }
    const at = s.indexOf(this.segs[seg], from);
    this.scanCost += (at < 0 || at > end ? end : at) - from;
    d[m] = this.epoch;
    d[m + 1] = from;
    d[m + 2] = at;
    return at;
  }

  /**
   * What {@link indexOf} answers, helped by the current trie pass: a segment that does not
   * occur in the remainder needs no search, nor does one whose first occurrence is at or
   * after `from`; only one that occurs before `from` is searched (from there on).
   */
  private occurrence(seg: number, s: string, from: number, end: number): number {
    const marks = this.marks!;
    if (marks[2 * seg] !== this.epoch) {
      this.scanCost += end - from;
      return -1;
    }
    const first = marks[2 * seg + 1];
    if (first >= from) {
      this.scanCost += first - from;
      return first;
    }
    return this.indexOf(seg, s, from, end);
  }

  /**
   * The trie pass: where each segment of `t`'s trie first occurs in `s[pos, end)`, as
   * {@link marks}. One pass of SegmentSearch.search, the same code as every node automaton's,
   * so it is usually optimized already when a pass is first needed.
   */
  private runPass(t: TriePass, s: string, pos: number, end: number): void {
    this.marks ??= new Int32Array(this.segs.length * 2);
    const marks = this.marks;
    const { search, segOf, lengthOf } = t;
    const hits = search.search(s, pos, end);
    for (let h = 0; h < hits; h++) {
      const word = search.hits[h];
      marks[2 * segOf[word]] = this.epoch;
      marks[2 * segOf[word] + 1] = search.found[word] - lengthOf[word];
    }
    t.hitCount = hits;
  }

  private resetMemo(): number {
    this.d.fill(0, this.memoBase);
    this.marks?.fill(0);
    return 1;
  }

  /** The trie pass of glob root `root`: its words are the distinct segments on its edges. */
  private triePass(root: number): TriePass {
    this.passes ??= new Map();
    let t = this.passes.get(root);
    if (t) return t;
    const d = this.d;
    const words: string[] = [];
    const segOf: number[] = [];
    const rootChild: number[] = [];
    const rootNext: number[] = [];
    const wordOf = new Map<number, number>();
    const todo = [root];
    while (todo.length > 0) {
      const g = todo.pop()!;
      const b = this.globBase + g * G_SIZE;
      const children = d[b + G_CHILDREN];
      for (let c = 0; c < d[b + G_CHILD_COUNT]; c++) {
        const child = d[children + c];
        const seg = d[this.globBase + child * G_SIZE + G_SEG];
        let word = wordOf.get(seg);
        if (word === undefined) {
          word = words.length;
          wordOf.set(seg, word);
          words.push(this.segs[seg]);
          segOf.push(seg);
          rootChild.push(-1);
          rootNext.push(-1);
        }
        if (g === root) {
          rootChild[word] = child;
          const cb = this.globBase + child * G_SIZE;
          if (
            d[cb + G_TERMINAL] < 0 &&
            d[cb + G_ANCHORED_COUNT] === 0 &&
            d[cb + G_CHILD_COUNT] === 1
          ) {
            rootNext[word] = d[this.globBase + d[d[cb + G_CHILDREN]] * G_SIZE + G_SEG];
          }
        }
        todo.push(child);
      }
    }
    t = {
      search: new SegmentSearch(words),
      segOf: Int32Array.from(segOf),
      lengthOf: Int32Array.from(words, (w) => w.length),
      rootChild: Int32Array.from(rootChild),
      rootNext: Int32Array.from(rootNext),
      hitCount: 0,
      eager: false,
    };
    this.passes.set(root, t);
    return t;
  }

  /**
   * False when no segment that starts a glob trie occurs in `s` from `start` (the path start:
   * every trie's search starts there or later), as the index's gate tells.
   */
  private segmentsMayOccur(s: string, start: number, end: number): boolean {
    if (this.rootGate === undefined) {
      const words = this.rootSegments();
      this.rootGate = words.length === 0 ? false : anyOf(words, INDEX_GATE_MAX_CHARS);
    }
    const gate = this.rootGate;
    if (gate === false) return false;
    return gate === null || end - start >= AUTOMATON_LONG_PATH || occursFrom(gate, s, start);
  }

  /** The segments that start glob tries: on the edges out of roots, and roots' `$` tails. */
  private rootSegments(): string[] {
    const d = this.d;
    const words = new Set<string>();
    for (let e = 0; e < this.entries; e++) {
      const root = d[this.entryBase + e * E_SIZE + E_GLOB];
      if (root < 0) continue;
      const b = this.globBase + root * G_SIZE;
      const children = this.childSegments(d[b + G_CHILDREN], d[b + G_CHILD_COUNT]);
      for (const word of children) words.add(word);
      const anchored = d[b + G_ANCHORED];
      for (let a = 0; a < d[b + G_ANCHORED_COUNT]; a++) words.add(this.segs[d[anchored + 2 * a]]);
    }
    return [...words];
  }

  /**
   * The gate of glob node `g`: a search for any of its children's segments, built on first
   * need; null when they are longer than {@link GATE_MAX_CHARS} in all.
   */
  private gate(g: number, children: number, count: number): Gate | null {
    this.gates ??= [];
    let gate = this.gates[g];
    if (gate === undefined) {
      gate = anyOf(this.childSegments(children, count), GATE_MAX_CHARS);
      this.gates[g] = gate;
    }
    return gate;
  }

  /** The segments on the edges into the `count` children listed at `children`, in order. */
  private childSegments(children: number, count: number): string[] {
    const words: string[] = [];
    for (let c = 0; c < count; c++) {
      words.push(this.segs[this.d[this.globBase + this.d[children + c] * G_SIZE + G_SEG]]);
    }
    return words;
  }

  /** The automaton over the segments of glob node `g`'s children, in child order. */
  private automaton(g: number, children: number, count: number): SegmentSearch {
    this.automata ??= new Map();
    let automaton = this.automata.get(g);
    if (!automaton) {
      automaton = new SegmentSearch(this.childSegments(children, count));
      this.automata.set(g, automaton);
    }
    return automaton;
  }
}

/**
 * A gate: a search for any of some segments. One segment is searched for as it is (a native
 * string search), several with a regular expression (global, so it starts at its lastIndex).
 */
type Gate = string | RegExp;

/** The gate for `words`; null when they are longer than `maxChars` in all. */
function anyOf(words: readonly string[], maxChars: number): Gate | null {
  const chars = words.reduce((n, word) => n + word.length, 0);
  if (chars > maxChars) return null;
  return words.length === 1 ? words[0] : new RegExp(words.map(literal).join('|'), 'g');
}

/** Whether any of the gate's segments occurs in `s` from `from` on. */
function occursFrom(gate: Gate, s: string, from: number): boolean {
  if (typeof gate === 'string') return s.indexOf(gate, from) >= 0;
  gate.lastIndex = from;
  return gate.test(s);
}

/** A regular expression source matching `text` literally. */
function literal(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}

/**
 * `s[at]` and `s[at + 1]` as one number that orders like the two characters. It is negative,
 * so not used, when `s[at]` is above 0x7FFF (prefixes and paths start with ASCII anyway).
 */
function head(s: string, at: number): number {
  return (s.charCodeAt(at) << 16) | s.charCodeAt(at + 1);
}
