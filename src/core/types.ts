// The public shapes of heed's core: what parse() returns and what a decision explains.
// Kept apart from the code so every consumer (matcher, explain, lint, CLI, fetch) shares them.

/**
 * How a file is read and decided.
 * - `rfc`: RFC 9309 to the letter, with §2.2.2 percent-encoding normalization of both sides.
 * - `google`: decision for decision what Google's open-source reference parser (robots.cc) does.
 */
export type Mode = 'rfc' | 'google';

/** Options for {@link parse}; every field is optional. */
export interface ParseOptions {
  /**
   * Which rule book decides.
   * @default 'rfc'
   */
  mode?: Mode;
  /**
   * Bytes of the file that are read; the rest is ignored and a diagnostic says so
   * (RFC 9309 §2.5 asks crawlers to parse at least 500 KiB).
   * @default 512000
   */
  maxBytes?: number;
}

export type Severity = 'error' | 'warning' | 'info';

/** A finding about one line of the file (line 0 is the file as a whole). */
export interface Diagnostic {
  line: number;
  severity: Severity;
  /** Stable, kebab-case identifier, e.g. `missing-colon`. */
  code: string;
  message: string;
}

export type RuleKind = 'allow' | 'disallow';

/** A rule as the file wrote it, with the form it is matched in. */
export interface RuleRef {
  kind: RuleKind;
  /** The value as written in the file (comments and surrounding white space removed). */
  pattern: string;
  /** The form compared against paths; its length decides precedence. */
  normalized: string;
  /** 1-based line number in the file. */
  line: number;
}

/** A User-agent line of a group. */
export interface AgentRef {
  /** The value as written. */
  value: string;
  /** The product token read from it (`*` for the wildcard), lower-cased. */
  token: string;
  line: number;
}

/** A group of rules: consecutive User-agent lines and the lines that follow them (RFC 9309 §2.2.1). */
export interface Group {
  agents: readonly AgentRef[];
  rules: readonly RuleRef[];
  /** Line of the group's first User-agent line. */
  line: number;
  /** The first valid Crawl-delay of the group, in seconds. */
  crawlDelay: number | undefined;
  /** Lines of the group that heed does not act on, in file order. */
  extensions: readonly Extension[];
}

/** A line with a key heed does not act on (e.g. `Crawl-delay`, `Host`, `Clean-param`). */
export interface Extension {
  /** The key, lower-cased. */
  name: string;
  value: string;
  line: number;
}

/** Why a decision came out as it did. */
export type Reason =
  | 'matched-rule' // a rule of the selected groups decided
  | 'no-matching-rule' // groups were selected but no rule matched: allowed
  | 'no-group' // no group names the agent and there is no `*` group: allowed
  | 'robots-txt-exempt'; // /robots.txt itself is always allowed (RFC 9309 §2.2.2)

/** A decision with everything needed to show why. */
export interface Explanation {
  allowed: boolean;
  /** The deciding rule, or null when no rule decided. */
  rule: RuleRef | null;
  /**
   * Every rule of the selected groups that matches the path, by precedence (the first is
   * `rule`): shows what the deciding rule won against, and by how much normalized length.
   */
  matches: readonly RuleRef[];
  reason: Reason;
  /** The agent as the caller gave it. */
  agent: string;
  /** The product token that was compared (rfc: without `/version`; google: as given). */
  token: string;
  /** The path (with query) as taken from the URL. */
  path: string;
  /** The path in the form that was compared. */
  normalizedPath: string;
  /** `specific`: groups that name the agent were used; `global`: the `*` groups; `none`. */
  selection: 'specific' | 'global' | 'none';
  /** The groups whose rules were considered, in file order. */
  groups: readonly Group[];
  mode: Mode;
}

/** The result of {@link parse}: one parse that every consumer reads. */
export interface RobotsTxt {
  readonly mode: Mode;
  /** Groups in file order. */
  readonly groups: readonly Group[];
  /** Absolute http(s) Sitemap URLs in file order (rfc mode); every Sitemap value in google mode. */
  readonly sitemaps: readonly string[];
  /** Line-numbered findings, in line order. */
  readonly diagnostics: readonly Diagnostic[];
  /** Bytes of the input (before the cap). */
  readonly bytes: number;
  /** True when the input was longer than `maxBytes` and its end was ignored. */
  readonly truncated: boolean;
  /** Number of lines read. */
  readonly lineCount: number;
  /** Whether `agent` may fetch `url` (a path like `/a?b` or an absolute URL). */
  isAllowed(url: string, agent: string): boolean;
  /** The decision for `url` and `agent`, with the deciding rule and line. */
  explain(url: string, agent: string): Explanation;
  /** The first valid Crawl-delay (seconds) of the groups selected for `agent`. */
  crawlDelay(agent: string): number | undefined;
  /** Unknown directives of the groups selected for `agent`, or outside any group when omitted. */
  extensions(agent?: string): readonly Extension[];
}
