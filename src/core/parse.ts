// Lines -> groups, sitemaps, extensions and line-numbered diagnostics: the one parse that the
// matcher, explain, lint, CLI and fetch layer all read (RFC 9309 §2.2). Rules go into a compact
// table over the file's text (rule-table.ts); nothing per rule is allocated unless it must be.

import { asciiLowerCase, isWildcardAgent, productTokenEnd } from './agent.js';
import { AgentLines } from './agent-lines.js';
import { decodeInput, isEscapedByte } from './decode.js';
import {
  escapeGooglePattern,
  isGoogleEscapedPattern,
  isNormalizedPattern,
  normalizePattern,
} from './normalize.js';
import { classify, type DirectiveKind, type LineVisitor, readLines } from './parse-lines.js';
import { RuleTable } from './rule-table.js';
import type {
  AgentRef,
  Diagnostic,
  Extension,
  Group,
  Mode,
  RuleKind,
  RuleRef,
  Severity,
} from './types.js';

/** RFC 9309 §2.5: crawlers must parse at least 500 KiB. */
export const DEFAULT_MAX_BYTES = 512_000;

const NONE: readonly never[] = Object.freeze([]);
const NO_EXTENSIONS: readonly Extension[] = NONE;

/**
 * A group of the file: its User-agent lines and its rules, each a range of the file's list of
 * them. The `agents` and `rules` objects are made on first use.
 */
export class ParsedGroup implements Group {
  crawlDelay: number | undefined = undefined;
  extensions: readonly Extension[] = NO_EXTENSIONS;
  /** User-agent lines of this group: numbers `[agentStart, agentEnd)` of the file's list. */
  agentStart: number;
  agentEnd: number;
  /** Rules of this group: table numbers `[ruleStart, ruleEnd)`. */
  ruleStart: number;
  ruleEnd: number;
  readonly #agentLines: AgentLines;
  readonly #table: RuleTable;
  #agents: AgentRef[] | undefined;
  #rules: RuleRef[] | undefined;

  constructor(
    readonly line: number,
    agentLines: AgentLines,
    table: RuleTable,
  ) {
    this.#agentLines = agentLines;
    this.#table = table;
    this.agentStart = this.agentEnd = agentLines.count;
    this.ruleStart = this.ruleEnd = table.count;
  }

  get agents(): readonly AgentRef[] {
    if (this.#agents === undefined) {
      this.#agents = [];
      for (let a = this.agentStart; a < this.agentEnd; a++)
        this.#agents.push(this.#agentLines.ref(a));
    }
    return this.#agents;
  }

  get rules(): readonly RuleRef[] {
    if (this.#rules === undefined) {
      this.#rules = [];
      for (let r = this.ruleStart; r < this.ruleEnd; r++) this.#rules.push(this.#table.ref(r));
    }
    return this.#rules;
  }

  /** Drops the spare room a list keeps after growing by push (V8 grows an empty one to 17). */
  seal(): void {
    if (this.extensions !== NO_EXTENSIONS) this.extensions = this.extensions.slice();
  }

  addExtension(extension: Extension): void {
    if (this.extensions === NO_EXTENSIONS) this.extensions = [];
    (this.extensions as Extension[]).push(extension);
  }

  toJSON(): Group {
    const { agents, rules, line, crawlDelay, extensions } = this;
    return { agents, rules, line, crawlDelay, extensions };
  }
}

/** Everything parse() learns from a file. */
export interface ParsedFile {
  mode: Mode;
  text: string;
  agents: AgentLines;
  rules: RuleTable;
  groups: ParsedGroup[];
  sitemaps: readonly string[];
  /** Unknown directives outside any group. */
  extensions: readonly Extension[];
  diagnostics: readonly Diagnostic[];
  lineCount: number;
  /** Bytes of the input; -1 when not counted (a string too short to reach the cap). */
  bytes: number;
  truncated: boolean;
}

/** A non-negative decimal number of seconds, as Crawl-delay values are written. */
const CRAWL_DELAY = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Sitemap URLs as they usually are: a host of letter-ended name labels (never an IP address,
 * nor punycode to check), no port, then printable ASCII. The WHATWG URL parser accepts every
 * one, so they skip it (a property test holds the two together).
 */
const PLAIN_HTTP_URL =
  /^https?:\/\/(?:(?!xn--)[a-z0-9-]+\.)*(?!xn--)[a-z][a-z0-9-]*\.?(?:[/?#][\x21-\x7e]*)?$/i;

function isHttpUrl(value: string): boolean {
  if (PLAIN_HTTP_URL.test(value)) return true;
  if (!/^https?:\/\//i.test(value)) return false;
  // Not URL.canParse: Node 20's gives unsteady answers for some non-ASCII hosts.
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

const KNOWN_TYPO_HINT: Partial<Record<DirectiveKind, string>> = {
  'user-agent': 'User-agent',
  allow: 'Allow',
  disallow: 'Disallow',
  sitemap: 'Sitemap',
};

/** Reads `input` into groups and diagnostics. Never throws. */
export function parseFile(
  input: string | Uint8Array,
  mode: Mode = 'rfc',
  maxBytes: number = DEFAULT_MAX_BYTES,
): ParsedFile {
  const decoded = decodeInput(input, maxBytes);
  const text = decoded.text;
  const reader = new FileReader(text, mode);
  const lineCount = readLines(text, mode, reader);
  const { agentLines, table, groups, sitemaps, extensions, diagnostics } = reader;
  agentLines.seal();
  table.seal();
  for (const g of groups) g.seal();

  if (decoded.invalidUtf8) reader.reportInvalidUtf8();
  if (decoded.truncated) {
    reader.note(
      lineCount,
      'warning',
      'truncated',
      `the file has ${decoded.bytes} bytes; only the first ${maxBytes} were read (RFC 9309 §2.5)`,
    );
  }
  if (groups.length === 0 && text.trim() !== '') {
    reader.note(0, 'info', 'no-groups', 'no User-agent line: every crawler may fetch everything');
  }
  diagnostics.sort((a, b) => a.line - b.line);
  return {
    mode,
    text,
    agents: agentLines,
    rules: table,
    // Exact-size copies (arrays grown by push keep spare room); empty lists are shared: a
    // small file should cost little more than its text.
    groups: groups.slice(),
    sitemaps: sitemaps.length ? sitemaps.slice() : NONE,
    extensions: extensions.length ? extensions.slice() : NONE,
    diagnostics: diagnostics.length ? diagnostics.slice() : NONE,
    lineCount,
    bytes: decoded.bytes,
    truncated: decoded.truncated,
  };
}

/** What one file's lines add up to, gathered line by line as {@link readLines} reads them. */
class FileReader implements LineVisitor {
  readonly agentLines: AgentLines;
  readonly table: RuleTable;
  readonly groups: ParsedGroup[] = [];
  readonly sitemaps: string[] = [];
  /** Unknown directives outside any group. */
  readonly extensions: Extension[] = [];
  readonly diagnostics: Diagnostic[] = [];
  private readonly google: boolean;
  /** The group that rules go into: the last one started. */
  private group: ParsedGroup | undefined = undefined;
  /**
   * True while User-agent lines are being collected into `group`; a User-agent line when it is
   * false starts a new group (RFC 9309 §2.2.1).
   */
  private inAgentRun = false;

  constructor(
    readonly text: string,
    mode: Mode,
  ) {
    this.agentLines = new AgentLines(text);
    this.table = new RuleTable(text);
    this.google = mode === 'google';
  }

  note(line: number, severity: Severity, code: string, message: string): void {
    this.diagnostics.push({ line, severity, code, message });
  }

  directive(
    line: number,
    kind: DirectiveKind,
    keyStart: number,
    keyEnd: number,
    valueStart: number,
    valueEnd: number,
    missingColon: boolean,
  ): void {
    if (missingColon) this.noteMissingColon(line, keyStart, keyEnd, valueStart, valueEnd);
    if (kind === 'allow' || kind === 'disallow') {
      this.rule(line, kind, keyStart, keyEnd, valueStart, valueEnd, false);
      return;
    }
    if (kind === 'user-agent') {
      this.agent(line, valueStart, valueEnd);
      return;
    }
    const value = this.text.slice(valueStart, valueEnd);
    if (kind === 'sitemap') {
      // Sitemaps belong to no group (RFC 9309 §2.2.4); Google-compatible: its reference ends
      // the run of User-agent lines on them.
      if (this.google) this.inAgentRun = false;
      this.sitemap(line, value);
    } else {
      this.inAgentRun = false;
      if (kind === 'crawl-delay') this.crawlDelay(line, value);
      else this.extension(line, keyStart, keyEnd, value);
    }
  }

  plainRule(
    line: number,
    kind: RuleKind,
    keyStart: number,
    keyEnd: number,
    valueStart: number,
    valueEnd: number,
  ): void {
    this.rule(line, kind, keyStart, keyEnd, valueStart, valueEnd, true);
  }

  unreadable(
    line: number,
    problem: 'missing-colon' | 'empty-key',
    start: number,
    end: number,
  ): void {
    const content = this.text.slice(start, end);
    if (problem === 'empty-key') {
      this.note(
        line,
        'error',
        'empty-key',
        `"${content}" has no key before its colon; line ignored`,
      );
    } else if (!this.google && /^\S+[ \t]+\S+$/.test(content)) {
      this.note(
        line,
        'error',
        'missing-colon',
        `"${content}" has no colon; line ignored (Google reads "key value" lines)`,
      );
    } else {
      this.note(line, 'error', 'missing-colon', `"${content}" is not a "key: value" line; ignored`);
    }
  }

  private noteMissingColon(
    line: number,
    keyStart: number,
    keyEnd: number,
    valueStart: number,
    valueEnd: number,
  ): void {
    const key = this.text.slice(keyStart, keyEnd);
    const value = this.text.slice(valueStart, valueEnd);
    this.note(
      line,
      'warning',
      'missing-colon',
      `"${key} ${value}" has no colon; read as "${key}: ${value}" (Google-compatible)`,
    );
  }

  /** A rule whose pattern is `text[start, end)`; `plain` when the reader found it normalized. */
  private rule(
    line: number,
    kind: RuleKind,
    keyStart: number,
    keyEnd: number,
    start: number,
    end: number,
    plain: boolean,
  ): void {
    const { text, group } = this;
    if (group === undefined) {
      this.note(
        line,
        'warning',
        'rule-outside-group',
        `${text.slice(keyStart, keyEnd)} before any User-agent line is ignored (RFC 9309 §2.2.1)`,
      );
      return;
    }
    this.inAgentRun = false;
    let normalized: string | null = null;
    // Most patterns are already in the form they are matched in: checked where they stand.
    const isNormal =
      plain ||
      (this.google
        ? isGoogleEscapedPattern(text, start, end)
        : isNormalizedPattern(text, start, end));
    if (!isNormal) {
      const pattern = text.slice(start, end);
      const form = this.google ? escapeGooglePattern(pattern) : normalizePattern(pattern);
      if (form !== pattern) normalized = form;
    }
    // Rules are added in file order and a group's rules follow its User-agent lines, so each
    // group's rules are one range of the table.
    group.ruleEnd = this.table.add(kind, line, start, end, normalized, this.google) + 1;
    const first = text.charCodeAt(start);
    if (start < end && first !== 0x2f && first !== 0x2a) {
      this.note(
        line,
        'warning',
        'pattern-not-absolute',
        `${text.slice(keyStart, keyEnd)}: "${text.slice(start, end)}" does not start with "/" or "*", so it matches no path`,
      );
    }
  }

  private agent(line: number, start: number, end: number): void {
    if (!this.inAgentRun || this.group === undefined) {
      this.group = new ParsedGroup(line, this.agentLines, this.table);
      this.groups.push(this.group);
      this.inAgentRun = true;
    }
    this.group.agentEnd = this.agentLines.add(line, start, end) + 1;
    this.checkAgent(line, start, end);
  }

  /** Notes a User-agent value `text[start, end)` that is not a plain product token. */
  private checkAgent(line: number, start: number, end: number): void {
    const { text } = this;
    if (isWildcardAgent(text, start, end)) return;
    const tokenEnd = productTokenEnd(text, start, end);
    if (tokenEnd === end && tokenEnd > start) return;
    const value = text.slice(start, end);
    const token = text.slice(start, tokenEnd);
    if (token === '') {
      const whom = this.google ? 'only an empty agent (Google-compatible)' : 'no crawler';
      this.note(
        line,
        'warning',
        'invalid-user-agent',
        `User-agent "${value}" has no product token (letters, "-", "_"); it names ${whom}`,
      );
    } else if (text.charCodeAt(tokenEnd) === 0x2f) {
      // `WebZip/4.0`: a version after the token changes nothing, but is not RFC 9309 syntax.
      this.note(
        line,
        'info',
        'user-agent-version',
        `User-agent "${value}" is read as "${token}": the version is ignored (RFC 9309 §2.2.1)`,
      );
    } else {
      this.note(
        line,
        'warning',
        'user-agent-token',
        `User-agent "${value}" is read as "${token}": a product token holds only letters, "-" and "_" (RFC 9309 §2.2.1)`,
      );
    }
  }

  private sitemap(line: number, value: string): void {
    if (value === '') {
      this.note(line, 'warning', 'invalid-sitemap', 'Sitemap has no URL');
    } else if (this.google || isHttpUrl(value)) {
      this.sitemaps.push(value);
    } else {
      this.note(
        line,
        'warning',
        'invalid-sitemap',
        `Sitemap "${value}" is not an absolute http(s) URL; ignored`,
      );
    }
  }

  /** Crawl-delay is not part of RFC 9309; heed reads it per group (never as an extension). */
  private crawlDelay(line: number, value: string): void {
    const { group } = this;
    if (group === undefined) {
      this.note(
        line,
        'warning',
        'crawl-delay-outside-group',
        `Crawl-delay "${value}" before any User-agent line applies to no crawler`,
      );
    } else if (!CRAWL_DELAY.test(value)) {
      this.note(
        line,
        'warning',
        'invalid-crawl-delay',
        `Crawl-delay "${value}" is not a non-negative number of seconds; ignored`,
      );
    } else if (group.crawlDelay === undefined) {
      group.crawlDelay = Number(value);
    } else {
      this.note(
        line,
        'info',
        'repeated-crawl-delay',
        `a second Crawl-delay in this group; the first (${group.crawlDelay}) applies`,
      );
    }
  }

  private extension(line: number, keyStart: number, keyEnd: number, value: string): void {
    const key = this.text.slice(keyStart, keyEnd);
    const extension = { name: asciiLowerCase(key), value, line };
    if (this.group !== undefined) this.group.addExtension(extension);
    else this.extensions.push(extension);
    const googleKind = this.google ? 'other' : classify(this.text, keyStart, keyEnd, 'google');
    if (googleKind !== 'other') {
      const meant = KNOWN_TYPO_HINT[googleKind];
      this.note(
        line,
        'warning',
        'unknown-directive',
        `"${key}" is not a directive RFC 9309 parsers obey; Google reads it as ${meant}. Write "${meant}:"`,
      );
    } else {
      this.note(
        line,
        'info',
        'unknown-directive',
        `"${key}" is not an RFC 9309 directive; kept as an extension`,
      );
    }
  }

  reportInvalidUtf8(): void {
    const { text } = this;
    let line = 1;
    let reported = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) line++;
      else if (isEscapedByte(c) && reported !== line) {
        reported = line;
        this.note(
          line,
          'warning',
          'invalid-utf8',
          'bytes that are not UTF-8; each is matched as its own %XX octet',
        );
      }
    }
  }
}
