// Results -> text or JSON lines, as pure functions; main.ts does the printing.

import type { Diagnostic, Explanation, RuleRef } from '../core/index.js';

const KEY: Record<RuleRef['kind'], string> = { allow: 'Allow', disallow: 'Disallow' };

/** `Disallow: /private (line 2)`, the rule as the file wrote it. */
export function describeRule(rule: RuleRef): string {
  return `${KEY[rule.kind]}: ${rule.pattern} (line ${rule.line})`;
}

const REASON: Record<Explanation['reason'], string> = {
  'matched-rule': 'the longest matching rule decides; allow wins a tie (RFC 9309 §2.2.2)',
  'no-matching-rule': 'no rule of the selected groups matches: allowed',
  'no-group': 'no group names this agent and there is no * group: allowed',
  'robots-txt-exempt': '/robots.txt is always allowed (RFC 9309 §2.2.2)',
};

/** One line per decision: `disallowed  <url>  Disallow: /private (line 2)`. */
export function renderDecision(url: string, e: Explanation): string {
  const verdict = e.allowed ? 'allowed   ' : 'disallowed';
  const why = e.rule ? describeRule(e.rule) : REASON[e.reason];
  return `${verdict}  ${url}  ${why}\n`;
}

/** The JSON object of a decision: url, agent, allowed, rule (and more with `explain`). */
export function decisionJson(url: string, e: Explanation, explain: boolean): string {
  const base = { url, agent: e.agent, allowed: e.allowed, rule: e.rule };
  if (!explain) return JSON.stringify(base) + '\n';
  return (
    JSON.stringify({
      ...base,
      reason: e.reason,
      mode: e.mode,
      token: e.token,
      path: e.path,
      normalizedPath: e.normalizedPath,
      selection: e.selection,
      groups: e.groups.map((g) => ({ line: g.line, agents: g.agents.map((a) => a.value) })),
    }) + '\n'
  );
}

/** A decision told in full: verdict, deciding line, both spellings, the groups and why. */
export function renderExplanation(url: string, e: Explanation): string {
  const lines = [
    `${url}: ${e.allowed ? 'ALLOWED' : 'DISALLOWED'} for ${e.agent || '""'} (${e.mode} mode)`,
  ];
  if (e.rule) {
    lines.push(`  rule      ${describeRule(e.rule)}`);
    if (e.rule.normalized !== e.rule.pattern) {
      lines.push(`  compared  ${e.rule.normalized}  (the rule, normalized)`);
    }
    // What the deciding rule won against: precedence is the normalized length (seed 003).
    for (const other of e.matches.slice(1)) {
      const form = other.normalized !== other.pattern ? `, compared as ${other.normalized}` : '';
      const n = other.normalized.length;
      const why =
        n < e.rule.normalized.length
          ? `${n} < ${e.rule.normalized.length} characters`
          : `a tie at ${n} characters: ${e.rule.kind === other.kind ? 'the earlier line' : 'allow'} wins`;
      lines.push(`  outranks  ${describeRule(other)}${form} (${why})`);
    }
  }
  lines.push(
    `  path      ${e.path}` +
      (e.normalizedPath !== e.path ? `  (compared as ${e.normalizedPath})` : ''),
  );
  if (e.groups.length === 0) lines.push('  groups    none');
  for (const g of e.groups) {
    const agents = g.agents.map((a) => a.value).join(', ');
    lines.push(
      `  group     line ${g.line}: User-agent ${agents} (${e.selection === 'specific' ? 'names the agent' : '*'})`,
    );
  }
  lines.push(`  why       ${REASON[e.reason]}`);
  return lines.join('\n') + '\n';
}

/** `robots.txt:3: warning [code] message`, like a compiler. */
export function renderDiagnostic(file: string, d: Diagnostic): string {
  return `${file}:${d.line}: ${d.severity} [${d.code}] ${d.message}\n`;
}

/** A URL decided without a file: the robots.txt was unavailable (allow) or unreachable (disallow). */
export interface Blanket {
  allowed: boolean;
  reason: 'unavailable' | 'unreachable';
  why: string;
}

export function renderBlanket(url: string, b: Blanket): string {
  return `${b.allowed ? 'allowed   ' : 'disallowed'}  ${url}  ${b.why}\n`;
}

export function blanketJson(url: string, agent: string, b: Blanket): string {
  return (
    JSON.stringify({ url, agent, allowed: b.allowed, rule: null, reason: b.reason, why: b.why }) +
    '\n'
  );
}
