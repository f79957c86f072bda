// Line records -> groups, sitemaps, extensions and line-numbered diagnostics: the one parse
// that the matcher, explain, lint, CLI and fetch layer all read (RFC 9309 §2.2).

import { asciiLowerCase, isWildcardAgent, productToken } from './agent.js';
import { decodeInput } from './decode.js';
import { escapeGooglePattern, normalizePattern } from './normalize.js';
import {
  type DirectiveKind,
  type LineRecord,
  readLines,
  type UnreadableLine,
} from './parse-lines.js';
import type { AgentRef, Diagnostic, Extension, Group, Mode, RuleRef, Severity } from './types.js';

/** RFC 9309 §2.5: crawlers must parse at least 500 KiB. */
export const DEFAULT_MAX_BYTES = 512_000;

/** A group while it is being read; the public {@link Group} is this, frozen. */
interface GroupDraft {
  agents: AgentRef[];
  rules: RuleRef[];
  line: number;
  crawlDelay: number | undefined;
  extensions: Extension[];
}

/** Everything parse() learns from a file. */
export interface ParsedFile {
  mode: Mode;
  groups: Group[];
  sitemaps: string[];
  /** Unknown directives outside any group. */
  extensions: Extension[];
  diagnostics: Diagnostic[];
  lineCount: number;
  bytes: number;
  truncated: boolean;
}

/** A non-negative decimal number of seconds, as Crawl-delay values are written. */
const CRAWL_DELAY = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** Reads `input` into groups and diagnostics. Never throws. */
export function parseFile(
  input: string | Uint8Array,
  mode: Mode = 'rfc',
  maxBytes: number = DEFAULT_MAX_BYTES,
): ParsedFile {
  const decoded = decodeInput(input, maxBytes);
  const diagnostics: Diagnostic[] = [];
  const note = (line: number, severity: Severity, code: string, message: string) => {
    diagnostics.push({ line, severity, code, message });
  };
  const groups: GroupDraft[] = [];
  const sitemaps: string[] = [];
  const extensions: Extension[] = [];
  let group: GroupDraft | undefined;
  // True while User-agent lines are being collected into `group`; a User-agent line when it is
  // false starts a new group (RFC 9309 §2.2.1).
  let inAgentRun = false;

  const onRecord = (r: LineRecord) => {
    if (r.missingColon) {
      note(
        r.line,
        'warning',
        'missing-colon',
        `"${r.key} ${r.value}" has no colon; read as "${r.key}: ${r.value}" (Google-compatible)`,
      );
    }
    switch (r.kind) {
      case 'user-agent':
        if (!inAgentRun || !group) {
          group = { agents: [], rules: [], line: r.line, crawlDelay: undefined, extensions: [] };
          groups.push(group);
          inAgentRun = true;
        }
        group.agents.push(readAgent(r, mode, note));
        return;
      case 'allow':
      case 'disallow':
        if (!group) {
          note(
            r.line,
            'warning',
            'rule-outside-group',
            `${r.key} before any User-agent line is ignored (RFC 9309 §2.2.1)`,
          );
          return;
        }
        inAgentRun = false;
        group.rules.push(readRule(r, r.kind, mode, note));
        return;
      case 'sitemap':
        // Sitemaps belong to no group (RFC 9309 §2.3.1.2 lists them as "other records");
        // Google-compatible: its reference ends the run of User-agent lines on them.
        if (mode === 'google') inAgentRun = false;
        readSitemap(r, mode, sitemaps, note);
        return;
      default:
        inAgentRun = false;
        if (r.kind === 'crawl-delay') return readCrawlDelay(r, group, note);
        readExtension(r, group, extensions, note);
    }
  };
  const onUnreadable = (u: UnreadableLine) => {
    if (u.problem === 'empty-key') {
      note(u.line, 'error', 'empty-key', `"${u.text}" has no key before its colon; line ignored`);
    } else if (mode === 'rfc' && /^\S+[ \t]+\S+$/.test(u.text)) {
      note(
        u.line,
        'error',
        'missing-colon',
        `"${u.text}" has no colon; line ignored (Google reads "key value" lines)`,
      );
    } else {
      note(u.line, 'error', 'missing-colon', `"${u.text}" is not a "key: value" line; ignored`);
    }
  };
  const lineCount = readLines(decoded.text, mode, onRecord, onUnreadable);

  if (decoded.invalidUtf8) reportInvalidUtf8(decoded.text, note);
  if (decoded.truncated) {
    note(
      lineCount,
      'warning',
      'truncated',
      `the file has ${decoded.bytes} bytes; only the first ${maxBytes} were read (RFC 9309 §2.5)`,
    );
  }
  if (groups.length === 0 && lineCount > 0 && decoded.text.trim() !== '') {
    note(0, 'info', 'no-groups', 'no User-agent line: every crawler may fetch everything');
  }
  diagnostics.sort((a, b) => a.line - b.line);
  return {
    mode,
    groups,
    sitemaps,
    extensions,
    diagnostics,
    lineCount,
    bytes: decoded.bytes,
    truncated: decoded.truncated,
  };
}

type Note = (line: number, severity: Severity, code: string, message: string) => void;

function readAgent(r: LineRecord, mode: Mode, note: Note): AgentRef {
  if (isWildcardAgent(r.value)) return { value: r.value, token: '*', line: r.line };
  const token = productToken(r.value);
  if (token === '') {
    const whom = mode === 'google' ? 'only an empty agent (Google-compatible)' : 'no crawler';
    note(
      r.line,
      'warning',
      'invalid-user-agent',
      `User-agent "${r.value}" has no product token (letters, "-", "_"); it names ${whom}`,
    );
  } else if (token !== r.value) {
    note(
      r.line,
      'warning',
      'user-agent-token',
      `User-agent "${r.value}" is read as "${token}": a product token holds only letters, "-" and "_" (RFC 9309 §2.2.1)`,
    );
  }
  return { value: r.value, token: asciiLowerCase(token), line: r.line };
}

function readRule(r: LineRecord, kind: 'allow' | 'disallow', mode: Mode, note: Note): RuleRef {
  const pattern = r.value;
  const normalized = mode === 'google' ? escapeGooglePattern(pattern) : normalizePattern(pattern);
  if (pattern !== '' && pattern[0] !== '/' && pattern[0] !== '*') {
    note(
      r.line,
      'warning',
      'pattern-not-absolute',
      `${r.key}: "${pattern}" does not start with "/" or "*", so it matches no path`,
    );
  }
  return { kind, pattern, normalized, line: r.line };
}

function readSitemap(r: LineRecord, mode: Mode, sitemaps: string[], note: Note): void {
  if (r.value === '') {
    note(r.line, 'warning', 'invalid-sitemap', 'Sitemap has no URL');
  } else if (mode === 'google' || isHttpUrl(r.value)) {
    sitemaps.push(r.value);
  } else {
    note(
      r.line,
      'warning',
      'invalid-sitemap',
      `Sitemap "${r.value}" is not an absolute http(s) URL; ignored`,
    );
  }
}

/** Crawl-delay is not part of RFC 9309; heed reads it per group (never as an extension). */
function readCrawlDelay(r: LineRecord, group: GroupDraft | undefined, note: Note): void {
  if (!group) {
    note(
      r.line,
      'warning',
      'crawl-delay-outside-group',
      `Crawl-delay "${r.value}" before any User-agent line applies to no crawler`,
    );
  } else if (!CRAWL_DELAY.test(r.value)) {
    note(
      r.line,
      'warning',
      'invalid-crawl-delay',
      `Crawl-delay "${r.value}" is not a non-negative number of seconds; ignored`,
    );
  } else if (group.crawlDelay === undefined) {
    group.crawlDelay = Number(r.value);
  } else {
    note(
      r.line,
      'info',
      'repeated-crawl-delay',
      `a second Crawl-delay in this group; the first (${group.crawlDelay}) applies`,
    );
  }
}

const KNOWN_TYPO_HINT: Partial<Record<DirectiveKind, string>> = {
  'user-agent': 'User-agent',
  allow: 'Allow',
  disallow: 'Disallow',
  sitemap: 'Sitemap',
};

function readExtension(
  r: LineRecord,
  group: GroupDraft | undefined,
  global: Extension[],
  note: Note,
): void {
  const extension = { name: asciiLowerCase(r.key), value: r.value, line: r.line };
  (group ? group.extensions : global).push(extension);
  if (r.googleKind) {
    const meant = KNOWN_TYPO_HINT[r.googleKind];
    note(
      r.line,
      'warning',
      'unknown-directive',
      `"${r.key}" is not a directive RFC 9309 parsers obey; Google reads it as ${meant}. Write "${meant}:"`,
    );
  } else {
    note(
      r.line,
      'info',
      'unknown-directive',
      `"${r.key}" is not an RFC 9309 directive; kept as an extension`,
    );
  }
}

function reportInvalidUtf8(text: string, note: Note): void {
  let line = 1;
  let reported = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) line++;
    else if (c >= 0xdc80 && c <= 0xdcff && reported !== line) {
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

export type { DirectiveKind, GroupDraft };
