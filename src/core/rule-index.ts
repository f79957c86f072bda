// The rules one agent obeys, indexed by their literal prefixes in a radix tree, so a decision
// walks the path once and examines only rules that can match: its cost follows the URL, not
// the rule count. Precedence (RFC 9309 §2.2.2): the longest normalized pattern wins, allow wins
// a tie; among equals the earliest line is reported, as Google's reference does.

import { type CompiledPattern, compilePattern, matchesAfterPrefix } from './pattern.js';
import type { RuleRef } from './types.js';

/** One rule as the index keeps it. */
export interface IndexedRule {
  readonly pattern: CompiledPattern;
  /** The normalized pattern text it matches by. */
  readonly matchBy: string;
  /** Precedence: the length of the normalized pattern. */
  readonly priority: number;
  readonly isAllow: boolean;
  /** Matches whenever its prefix does (no `*`, no `$`): no work beyond the tree walk. */
  readonly isPlainPrefix: boolean;
  readonly ref: RuleRef;
}

interface Node {
  label: string;
  children: Map<number, Node> | null;
  /** Rules whose literal prefix ends exactly here, best first. */
  rules: IndexedRule[] | null;
}

/** A rule to index: its reference and the normalized pattern it is matched by. */
export interface RuleInput {
  ref: RuleRef;
  /** Defaults to `ref.normalized`; Google's index.htm rule matches by a derived pattern. */
  matchBy?: string;
}

function beats(r: IndexedRule, best: IndexedRule): boolean {
  if (r.priority !== best.priority) return r.priority > best.priority;
  if (r.isAllow !== best.isAllow) return r.isAllow;
  return r.ref.line < best.ref.line;
}

// Nodes met on the current walk; reused so a decision allocates nothing.
let walk: Node[] = [];

export class RuleIndex {
  private readonly root: Node = { label: '', children: null, rules: null };
  /** Number of distinct rules indexed. */
  readonly size: number;

  constructor(inputs: readonly RuleInput[]) {
    const seen = new Set<string>();
    const byPrefix = new Map<string, IndexedRule[]>();
    for (const { ref, matchBy = ref.normalized } of inputs) {
      // An empty pattern matches nothing (RFC 9309 §2.2.2; in Google's reference its
      // priority 0 never decides).
      if (matchBy === '') continue;
      const isAllow = ref.kind === 'allow';
      const key = (isAllow ? 'a' : 'd') + matchBy;
      if (seen.has(key)) continue; // a repeat can only tie its first line, which is reported
      seen.add(key);
      const pattern = compilePattern(matchBy);
      const rule: IndexedRule = {
        pattern,
        matchBy,
        priority: matchBy.length,
        isAllow,
        isPlainPrefix: pattern.segments === null && !pattern.anchored,
        ref,
      };
      const list = byPrefix.get(pattern.prefix);
      if (list) list.push(rule);
      else byPrefix.set(pattern.prefix, [rule]);
    }
    this.size = seen.size;
    for (const [prefix, rules] of byPrefix) {
      rules.sort((a, b) => (a === b ? 0 : beats(a, b) ? -1 : 1));
      this.insert(prefix).rules = rules;
    }
  }

  private insert(key: string): Node {
    let node = this.root;
    let pos = 0;
    while (pos < key.length) {
      node.children ??= new Map();
      const c = key.charCodeAt(pos);
      const child = node.children.get(c);
      if (!child) {
        const leaf: Node = { label: key.slice(pos), children: null, rules: null };
        node.children.set(c, leaf);
        return leaf;
      }
      const label = child.label;
      let k = 0;
      while (
        k < label.length &&
        pos + k < key.length &&
        label.charCodeAt(k) === key.charCodeAt(pos + k)
      )
        k++;
      if (k < label.length) {
        // Split the edge: `label[0, k)` becomes a new inner node above `child`.
        const inner: Node = { label: label.slice(0, k), children: new Map(), rules: null };
        child.label = label.slice(k);
        inner.children!.set(child.label.charCodeAt(0), child);
        node.children.set(c, inner);
        node = inner;
      } else node = child;
      pos += k;
    }
    return node;
  }

  /** The deciding rule for the path `s[start, end)`, or null when none matches. */
  find(s: string, start: number, end: number): IndexedRule | null {
    let count = 0;
    let node = this.root;
    if (node.rules) walk[count++] = node;
    let pos = start;
    while (pos < end && node.children) {
      const child = node.children.get(s.charCodeAt(pos));
      if (!child) break;
      const label = child.label;
      if (pos + label.length > end || !s.startsWith(label, pos)) break;
      pos += label.length;
      node = child;
      if (node.rules) walk[count++] = node;
    }
    // Deepest prefixes first: their plain rules are the longest, so later nodes prune early.
    let best: IndexedRule | null = null;
    for (let k = count - 1; k >= 0; k--) {
      for (const r of walk[k].rules!) {
        if (best !== null && !beats(r, best)) break; // the rest of this node ranks lower still
        if (r.isPlainPrefix || matchesAfterPrefix(r.pattern, s, start, end)) {
          best = r;
          break;
        }
      }
    }
    if (walk.length > 4096) walk = [];
    return best;
  }
}
