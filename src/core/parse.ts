// Lines -> groups, sitemaps, extensions and line-numbered diagnostics: the one parse that the
// matcher, explain, lint, CLI and fetch layer all read (RFC 9309 §2.2). Rules go into a compact
// table over the file's text (rule-table.ts); nothing per rule is allocated unless it must be.

import { asciiLowerCase, isWildcardAgent, productToken } from './agent.js';
import { decodeInput, isEscapedByte } from './decode.js';
import {
  escapeGooglePattern,
  isGoogleEscapedPattern,
  isNormalizedPattern,
  normalizePattern,
} from './normalize.js';
import { classify, type DirectiveKind, type LineVisitor, readLines } from './parse-lines.js';
import { RuleTable } from './rule-table.js';
import type { AgentRef, Diagnostic, Extension, Group, Mode, RuleRef, Severity } from './types.js';

/** RFC 9309 §2.5: crawlers must parse at least 500 KiB. */
export const DEFAULT_MAX_BYTES = 512_000;

const NONE: readonly never[] = Object.freeze([]);
const NO_EXTENSIONS: readonly Extension[] = NONE;

/**
 * A group of the file: its User-agent lines, and its rules as a range of the rule table. The
 * `rules` objects are made on first use.
 */
export class ParsedGroup implements Group {
  agents: AgentRef[] = [];
  crawlDelay: number | undefined = undefined;
  extensions: readonly Extension[] = NO_EXTENSIONS;
  /** Rules of this group: table numbers `[ruleStart, ruleEnd)`. */
  ruleStart: number;
  ruleEnd: number;
  readonly #table: RuleTable;
  #rules: RuleRef[] | undefined;

  constructor(
    readonly line: number,
    table: RuleTable,
  ) {
    this.#table = table;
    this.ruleStart = this.ruleEnd = table.count;
  }

  get rules(): readonly RuleRef[] {
    if (this.#rules === undefined) {
      this.#rules = [];
      for (let r = this.ruleStart; r < this.ruleEnd; r++) this.#rules.push(this.#table.ref(r));
    }
    return this.#rules;
  }

  /** Drops the spare room arrays keep after growing by push (V8 grows an empty one to 17). */
  seal(): void {
    this.agents = this.agents.slice();
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
  const table = new RuleTable(text);
  const diagnostics: Diagnostic[] = [];
  const note = (line: number, severity: Severity, code: string, message: string) => {
    diagnostics.push({ line, severity, code, message });
  };
  const groups: ParsedGroup[] = [];
  const sitemaps: string[] = [];
  const extensions: Extension[] = [];
  let group: ParsedGroup | undefined;
  // True while User-agent lines are being collected into `group`; a User-agent line when it is
  // false starts a new group (RFC 9309 §2.2.1).
  let inAgentRun = false;

  const rule = (
    line: number,
    kind: 'allow' | 'disallow',
    keyStart: number,
    keyEnd: number,
    start: number,
    end: number,
  ) => {
    if (!group) {
      const key = text.slice(keyStart, keyEnd);
      note(
        line,
        'warning',
        'rule-outside-group',
        `${key} before any User-agent line is ignored (RFC 9309 §2.2.1)`,
      );
      return;
    }
    inAgentRun = false;
    let normalized: string | null = null;
    // Most patterns are already in the form they are matched in: checked where they stand.
    const isNormal =
      mode === 'google'
        ? isGoogleEscapedPattern(text, start, end)
        : isNormalizedPattern(text, start, end);
    if (!isNormal) {
      const pattern = text.slice(start, end);
      const form = mode === 'google' ? escapeGooglePattern(pattern) : normalizePattern(pattern);
      if (form !== pattern) normalized = form;
    }
    // Rules are added in file order and a group's rules follow its User-agent lines, so each
    // group's rules are one range of the table.
    group.ruleEnd = table.add(kind, line, start, end, normalized, mode === 'google') + 1;
    const first = text.charCodeAt(start);
    if (start < end && first !== 0x2f && first !== 0x2a) {
      note(
        line,
        'warning',
        'pattern-not-absolute',
        `${text.slice(keyStart, keyEnd)}: "${text.slice(start, end)}" does not start with "/" or "*", so it matches no path`,
      );
    }
  };

  const visitor: LineVisitor = {
    directive(line, kind, keyStart, keyEnd, valueStart, valueEnd, missingColon) {
      if (missingColon) {
        const key = text.slice(keyStart, keyEnd);
        const value = text.slice(valueStart, valueEnd);
        note(
          line,
          'warning',
          'missing-colon',
          `"${key} ${value}" has no colon; read as "${key}: ${value}" (Google-compatible)`,
        );
      }
      if (kind === 'allow' || kind === 'disallow')
        return rule(line, kind, keyStart, keyEnd, valueStart, valueEnd);
      const value = text.slice(valueStart, valueEnd);
      switch (kind) {
        case 'user-agent':
          if (!inAgentRun || !group) {
            group = new ParsedGroup(line, table);
            groups.push(group);
            inAgentRun = true;
          }
          group.agents.push(readAgent(line, value, mode, note));
          return;
        case 'sitemap':
          // Sitemaps belong to no group (RFC 9309 §2.2.4); Google-compatible: its reference
          // ends the run of User-agent lines on them.
          if (mode === 'google') inAgentRun = false;
          return readSitemap(line, value, mode, sitemaps, note);
        case 'crawl-delay':
          inAgentRun = false;
          return readCrawlDelay(line, value, group, note);
        default: {
          inAgentRun = false;
          const key = text.slice(keyStart, keyEnd);
          const extension = { name: asciiLowerCase(key), value, line };
          if (group) group.addExtension(extension);
          else extensions.push(extension);
          const googleKind = mode === 'rfc' ? classify(text, keyStart, keyEnd, 'google') : 'other';
          if (googleKind !== 'other') {
            const meant = KNOWN_TYPO_HINT[googleKind];
            note(
              line,
              'warning',
              'unknown-directive',
              `"${key}" is not a directive RFC 9309 parsers obey; Google reads it as ${meant}. Write "${meant}:"`,
            );
          } else {
            note(
              line,
              'info',
              'unknown-directive',
              `"${key}" is not an RFC 9309 directive; kept as an extension`,
            );
          }
        }
      }
    },
    unreadable(line, problem, start, end) {
      const content = text.slice(start, end);
      if (problem === 'empty-key') {
        note(line, 'error', 'empty-key', `"${content}" has no key before its colon; line ignored`);
      } else if (mode === 'rfc' && /^\S+[ \t]+\S+$/.test(content)) {
        note(
          line,
          'error',
          'missing-colon',
          `"${content}" has no colon; line ignored (Google reads "key value" lines)`,
        );
      } else {
        note(line, 'error', 'missing-colon', `"${content}" is not a "key: value" line; ignored`);
      }
    },
  };
  const lineCount = readLines(text, mode, visitor);
  table.seal();
  for (const g of groups) g.seal();

  if (decoded.invalidUtf8) reportInvalidUtf8(text, note);
  if (decoded.truncated) {
    note(
      lineCount,
      'warning',
      'truncated',
      `the file has ${decoded.bytes} bytes; only the first ${maxBytes} were read (RFC 9309 §2.5)`,
    );
  }
  if (groups.length === 0 && text.trim() !== '') {
    note(0, 'info', 'no-groups', 'no User-agent line: every crawler may fetch everything');
  }
  diagnostics.sort((a, b) => a.line - b.line);
  return {
    mode,
    text,
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

type Note = (line: number, severity: Severity, code: string, message: string) => void;

function readAgent(line: number, value: string, mode: Mode, note: Note): AgentRef {
  if (isWildcardAgent(value)) return { value, token: '*', line };
  const token = productToken(value);
  if (token === '') {
    const whom = mode === 'google' ? 'only an empty agent (Google-compatible)' : 'no crawler';
    note(
      line,
      'warning',
      'invalid-user-agent',
      `User-agent "${value}" has no product token (letters, "-", "_"); it names ${whom}`,
    );
  } else if (value[token.length] === '/') {
    // `WebZip/4.0`: a version after the token changes nothing, but is not RFC 9309 syntax.
    note(
      line,
      'info',
      'user-agent-version',
      `User-agent "${value}" is read as "${token}": the version is ignored (RFC 9309 §2.2.1)`,
    );
  } else if (token !== value) {
    note(
      line,
      'warning',
      'user-agent-token',
      `User-agent "${value}" is read as "${token}": a product token holds only letters, "-" and "_" (RFC 9309 §2.2.1)`,
    );
  }
  // Product tokens are ASCII letters, '-' and '_': plain lower-casing is ASCII lower-casing.
  return { value, token: token.toLowerCase(), line };
}

function readSitemap(
  line: number,
  value: string,
  mode: Mode,
  sitemaps: string[],
  note: Note,
): void {
  if (value === '') {
    note(line, 'warning', 'invalid-sitemap', 'Sitemap has no URL');
  } else if (mode === 'google' || isHttpUrl(value)) {
    sitemaps.push(value);
  } else {
    note(
      line,
      'warning',
      'invalid-sitemap',
      `Sitemap "${value}" is not an absolute http(s) URL; ignored`,
    );
  }
}

/** Crawl-delay is not part of RFC 9309; heed reads it per group (never as an extension). */
function readCrawlDelay(
  line: number,
  value: string,
  group: ParsedGroup | undefined,
  note: Note,
): void {
  if (!group) {
    note(
      line,
      'warning',
      'crawl-delay-outside-group',
      `Crawl-delay "${value}" before any User-agent line applies to no crawler`,
    );
  } else if (!CRAWL_DELAY.test(value)) {
    note(
      line,
      'warning',
      'invalid-crawl-delay',
      `Crawl-delay "${value}" is not a non-negative number of seconds; ignored`,
    );
  } else if (group.crawlDelay === undefined) {
    group.crawlDelay = Number(value);
  } else {
    note(
      line,
      'info',
      'repeated-crawl-delay',
      `a second Crawl-delay in this group; the first (${group.crawlDelay}) applies`,
    );
  }
}

function reportInvalidUtf8(text: string, note: Note): void {
  let line = 1;
  let reported = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) line++;
    else if (isEscapedByte(c) && reported !== line) {
      reported = line;
      note(
        line,
        'warning',
        'invalid-utf8',
        'bytes that are not UTF-8; each is matched as its own %XX octet',
      );
    }
  }
}
