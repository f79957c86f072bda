// parse() and the RobotsTxt it returns: group selection per agent (RFC 9309 §2.2.1), decisions
// through the rule index, and explanations that show the rule as written and as compared.

import { callerToken } from './agent.js';
import type { AgentLines } from './agent-lines.js';
import { utf8Length } from './decode.js';
import { isNormalizedPath, normalizedPathEnd, normalizePath } from './normalize.js';
import { DEFAULT_MAX_BYTES, type ParsedFile, type ParsedGroup, parseFile } from './parse.js';
import {
  type CompiledPattern,
  compilePattern,
  googleIndexDirectoryEnd,
  matchesPattern,
} from './pattern.js';
import { precedence, RuleIndex } from './rule-index.js';
import type { RuleTable } from './rule-table.js';
import type {
  Diagnostic,
  Explanation,
  Extension,
  Group,
  Mode,
  ParseOptions,
  RobotsTxt,
  RuleRef,
} from './types.js';
import { endOfPath, located, locatePath, locatePathStart } from './url.js';

/** The groups an agent obeys and the index of their rules. */
interface Selection {
  kind: 'specific' | 'global' | 'none';
  groups: readonly Group[];
  /** Null when no rule can disallow: everything is allowed. */
  index: RuleIndex | null;
  /** Every rule with its compiled pattern, for explanations; built on the first explain. */
  explainable?: { ref: RuleRef; pattern: CompiledPattern }[];
}

const NONE: Selection = { kind: 'none', groups: [], index: null };

/** The groups naming each product token (lower-case), and those naming `*`, by index. */
interface AgentGroups {
  byToken: Map<string, number[]>;
  wildcard: number[];
}

/** Distinct agents remembered per file; past this the memo starts over. */
const MAX_REMEMBERED_AGENTS = 256;

/** Google-compatible: the `dir/$` its reference also reads an `Allow: dir/index.htm…` as. */
function googleIndexPattern(normalized: string): string | undefined {
  const dir = googleIndexDirectoryEnd(normalized, 0, normalized.length);
  return dir < 0 ? undefined : `${normalized.slice(0, dir)}$`;
}

class ParsedRobots implements RobotsTxt {
  readonly mode: Mode;
  readonly groups: readonly ParsedGroup[];
  readonly sitemaps: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
  readonly truncated: boolean;
  readonly lineCount: number;
  private readonly globalExtensions: readonly Extension[];
  private readonly agentLines: AgentLines;
  private readonly table: RuleTable;
  private readonly text: string;
  private byteCount: number;
  /** Which groups name which agents: built on the first question (see {@link agentGroups}). */
  private agents: AgentGroups | undefined;
  /** Made on first use, like everything a file that is never asked about does not need. */
  private selections: Map<string, Selection> | undefined;
  private bySet: Map<readonly number[], Selection> | undefined;

  constructor(file: ParsedFile) {
    this.mode = file.mode;
    this.groups = file.groups;
    this.sitemaps = file.sitemaps;
    this.diagnostics = file.diagnostics;
    this.byteCount = file.bytes;
    this.text = file.text;
    this.agentLines = file.agents;
    this.table = file.rules;
    this.truncated = file.truncated;
    this.lineCount = file.lineCount;
    this.globalExtensions = file.extensions;
  }

  /** Which groups name each product token, and which name `*`, in file order. */
  private agentGroups(): AgentGroups {
    const byToken = new Map<string, number[]>();
    const wildcard: number[] = [];
    this.groups.forEach((group, i) => {
      for (let a = group.agentStart; a < group.agentEnd; a++) {
        const token = this.agentLines.token(a);
        if (token === '*') {
          if (wildcard.at(-1) !== i) wildcard.push(i);
          continue;
        }
        // rfc: a value without a product token names no crawler. Google-compatible: its
        // reference compares the empty token too, so it names the empty agent.
        if (token === '' && this.mode === 'rfc') continue;
        const list = byToken.get(token);
        if (!list) byToken.set(token, [i]);
        else if (list.at(-1) !== i) list.push(i);
      }
    });
    return { byToken, wildcard: wildcard.slice() };
  }

  get bytes(): number {
    if (this.byteCount < 0) this.byteCount = utf8Length(this.text);
    return this.byteCount;
  }

  /**
   * The groups `agent` obeys: every group naming it, merged in file order; the `*` groups only
   * when none does, and then their rules never mix with named groups' (RFC 9309 §2.2.1).
   */
  private select(agent: string): Selection {
    // Remembered by the agent as given, so a repeat costs one map lookup and no lower-casing.
    this.selections ??= new Map();
    let selection = this.selections.get(agent);
    if (selection) return selection;
    this.agents ??= this.agentGroups();
    const named = this.agents.byToken.get(callerToken(agent, this.mode));
    const indices = named ?? this.agents.wildcard;
    if (indices.length === 0) selection = NONE;
    else {
      // One selection per set of groups (the lists above are never rebuilt, so the list itself
      // is the key): agents that obey the same groups share it and its index.
      this.bySet ??= new Map();
      selection = this.bySet.get(indices);
      if (!selection) {
        selection = {
          kind: named ? 'specific' : 'global',
          groups: this.groupsAt(indices),
          index: this.indexFor(indices),
        };
        this.bySet.set(indices, selection);
      }
    }
    if (this.selections.size >= MAX_REMEMBERED_AGENTS) this.selections.clear();
    this.selections.set(agent, selection);
    return selection;
  }

  /**
   * The groups numbered `indices`. Its own method, not a closure in {@link select}: a closure
   * there would make every call of it allocate a context for `this`, hit or miss.
   */
  private groupsAt(indices: readonly number[]): ParsedGroup[] {
    return indices.map((i) => this.groups[i]);
  }

  /** The index of the rules of `indices`' groups; null when none of them disallows. */
  private indexFor(indices: readonly number[]): RuleIndex | null {
    // Each group's rules are one range of the table; neighbours merge.
    const ranges: number[] = [];
    for (const i of indices) {
      const { ruleStart, ruleEnd } = this.groups[i];
      if (ruleStart === ruleEnd) continue;
      if (ranges.at(-1) === ruleStart) ranges[ranges.length - 1] = ruleEnd;
      else ranges.push(ruleStart, ruleEnd);
    }
    const index = new RuleIndex(this.table, ranges);
    return index.verdict === 'allow' ? null : index;
  }

  isAllowed(url: string, agent: string): boolean {
    requireStrings('isAllowed', url, agent);
    const { index } = this.select(agent);
    if (index === null) return true;
    if (this.mode === 'google') {
      if (index.verdict === 'disallow') return false;
      const s = locatePath(url);
      if (index.rulesOut(s, located.start, located.end, false)) return true;
      const rule = index.match(s, located.start, located.end);
      return rule < 0 || this.table.isAllow(rule);
    }
    // rfc: the path is compared in its normalized form (RFC 9309 §2.2.2).
    let s = locatePathStart(url);
    let start = located.start;
    let end = located.end;
    // A path whose second character already rules out every rule needs no more reading. Asked
    // of the raw path only: a normalized one could tell more only where that character is
    // rewritten (an escape, say), which is rare.
    if (index.rulesOut(s, start, end, true)) return true;
    // Most paths are normalized already; one run finds that and where the path ends.
    const kept = end < 0 ? normalizedPathEnd(s, start) : isNormalizedPath(s, start, end) ? end : -1;
    if (kept >= 0) end = kept;
    else {
      if (end < 0) end = endOfPath(s, start);
      s = normalizePath(s, start, end);
      start = 0;
      end = s.length;
    }
    if (isRobotsTxt(s, start, end)) return true;
    if (index.verdict === 'disallow') return false;
    const rule = index.match(s, start, end);
    return rule < 0 || this.table.isAllow(rule);
  }

  explain(url: string, agent: string): Explanation {
    requireStrings('explain', url, agent);
    const selection = this.select(agent);
    const s = locatePath(url);
    const path = s.slice(located.start, located.end);
    const normalizedPath = this.mode === 'rfc' ? normalizePath(path) : path;
    const base = {
      agent,
      token: callerToken(agent, this.mode),
      path,
      normalizedPath,
      selection: selection.kind,
      groups: selection.groups,
      mode: this.mode,
    };
    if (this.mode === 'rfc' && isRobotsTxt(normalizedPath, 0, normalizedPath.length)) {
      return { ...base, allowed: true, rule: null, matches: [], reason: 'robots-txt-exempt' };
    }
    const matches = this.matchingRules(selection, normalizedPath);
    const rule = matches[0] ?? null;
    if (rule !== null)
      return { ...base, allowed: rule.kind === 'allow', rule, matches, reason: 'matched-rule' };
    const reason = selection.kind === 'none' ? 'no-group' : 'no-matching-rule';
    return { ...base, allowed: true, rule: null, matches, reason };
  }

  /**
   * Every rule of `selection` matching `path`, best first. Explanations only: decisions go
   * through the index. `normalized` is the form compared (for Google's index.htm rule, the
   * derived one).
   */
  private matchingRules(selection: Selection, path: string): RuleRef[] {
    selection.explainable ??= selection.groups.flatMap((group) =>
      group.rules.flatMap((ref) => {
        const derived =
          this.mode === 'google' && ref.kind === 'allow'
            ? googleIndexPattern(ref.normalized)
            : undefined;
        const forms = derived ? [ref.normalized, derived] : [ref.normalized];
        return forms
          .filter((form) => form !== '')
          .map((form) => ({
            ref: form === ref.normalized ? ref : { ...ref, normalized: form },
            pattern: compilePattern(form),
          }));
      }),
    );
    const found: RuleRef[] = [];
    let last: RuleRef | undefined;
    for (const { ref, pattern } of selection.explainable) {
      // A rule and its Google index.htm form share a line: the first that matches stands for it.
      if (last?.line === ref.line && last.pattern === ref.pattern) continue;
      if (matchesPattern(pattern, path)) {
        found.push(ref);
        last = ref;
      }
    }
    // Best first, in the index's order of precedence; then by line.
    const rank = (r: RuleRef) => precedence(r.normalized.length, r.kind === 'allow' ? 1 : 0);
    return found.sort((a, b) => rank(b) - rank(a) || a.line - b.line);
  }

  crawlDelay(agent: string): number | undefined {
    requireStrings('crawlDelay', '', agent);
    for (const group of this.select(agent).groups) {
      if (group.crawlDelay !== undefined) return group.crawlDelay;
    }
    return undefined;
  }

  extensions(agent?: string): readonly Extension[] {
    if (agent === undefined) return this.globalExtensions;
    requireStrings('extensions', '', agent);
    return this.select(agent).groups.flatMap((group) => group.extensions);
  }
}

/** API misuse (from untyped callers) gets an error naming the argument, not a crash inside. */
function requireStrings(method: string, url: unknown, agent: unknown): void {
  if (typeof url !== 'string')
    throw new TypeError(`${method}: url must be a string, got ${typeof url}`);
  if (typeof agent !== 'string') {
    throw new TypeError(`${method}: agent must be a string, got ${typeof agent}`);
  }
}

/** RFC 9309 §2.2.2: "/robots.txt" is always allowed, in any spelling (after normalization). */
function isRobotsTxt(s: string, start: number, end: number): boolean {
  return end - start === 11 && s.startsWith('/robots.txt', start);
}

/**
 * Parses a robots.txt file. Takes any bytes or string and never throws for its content:
 * problems become line-numbered {@link RobotsTxt.diagnostics}.
 *
 * @example
 * ```ts
 * const robots = parse('User-agent: *\nDisallow: /private\nAllow: /private/press');
 * robots.isAllowed('https://example.com/private/x', 'ExampleBot'); // false
 * robots.explain('/private/press/2026', 'ExampleBot').rule;
 * // { kind: 'allow', pattern: '/private/press', normalized: '/private/press', line: 3 }
 * ```
 */
export function parse(
  input: string | Uint8Array | ArrayBuffer,
  options: ParseOptions = {},
): RobotsTxt {
  const mode = options.mode ?? 'rfc';
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (mode !== 'rfc' && mode !== 'google') {
    throw new TypeError(`parse: mode must be 'rfc' or 'google', got ${JSON.stringify(mode)}`);
  }
  if (!Number.isInteger(maxBytes) || maxBytes < 0) {
    throw new TypeError(`parse: maxBytes must be a non-negative integer, got ${maxBytes}`);
  }
  return new ParsedRobots(parseFile(asBytesOrString(input), mode, maxBytes));
}

/** Any binary view is read as bytes; anything else that is not a string is API misuse. */
function asBytesOrString(input: unknown): string | Uint8Array {
  if (typeof input === 'string' || input instanceof Uint8Array) return input;
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  if (ArrayBuffer.isView(input))
    return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  throw new TypeError(
    `parse: input must be a string or bytes, got ${input === null ? 'null' : typeof input}`,
  );
}
