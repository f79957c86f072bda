// `heed fetch` output as pure functions: a client.get() result -> human text or JSON.
// No I/O here; the CLI command prints what these return.

import type { Diagnostic, Severity } from '../core/types.js';
import { duration } from '../fetch/cache-policy.js';
import type { RobotsResult } from '../fetch/types.js';

/** How many diagnostics the text report lists before summing up the rest. */
const LISTED_DIAGNOSTICS = 10;

/** Counts of a file's diagnostics by severity. */
export interface DiagnosticsSummary {
  total: number;
  error: number;
  warning: number;
  info: number;
}

/** The JSON shape of {@link renderFetchJson}: the fields of `client.get()`, the parsed file summarized. */
export interface FetchReport extends Omit<RobotsResult, 'robots'> {
  diagnostics: DiagnosticsSummary & { items: Diagnostic[] };
  sitemaps: string[];
  /** Groups in the file (0 when no file decides). */
  groups: number;
}

/**
 * The plain-data report of a `client.get()` result: every field but the parsed object, with the
 * file's diagnostics (summary and items), sitemaps and group count.
 *
 * @example
 * const report = fetchReport(await client.get('https://example.com/'));
 * report.diagnostics.error; // 0
 */
export function fetchReport(result: RobotsResult): FetchReport {
  const { robots, ...fields } = result;
  const items = robots ? [...robots.diagnostics] : [];
  return {
    ...fields,
    diagnostics: { ...summarize(items), items },
    sitemaps: robots ? [...robots.sitemaps] : [],
    groups: robots ? robots.groups.length : 0,
  };
}

/**
 * `heed fetch --json`: the report of a `client.get()` result as one JSON document (ends with a newline).
 *
 * @example
 * io.stdout(renderFetchJson(await client.get(url)));
 */
export function renderFetchJson(result: RobotsResult): string {
  return `${JSON.stringify(fetchReport(result), null, 2)}\n`;
}

/**
 * `heed fetch`: the robots URL, each redirect, the status, the outcome and its reason, bytes and
 * truncation, the cache lifetime chosen and why, and a summary of diagnostics (ends with a newline).
 *
 * @example
 * io.stdout(renderFetchText(await client.get('https://example.com/')));
 * // robots.txt   https://example.com/robots.txt
 * // status       200
 * // outcome      rules (success)
 * // ...
 */
export function renderFetchText(result: RobotsResult): string {
  const lines: string[] = [];
  const row = (label: string, value: string) => lines.push(`${label.padEnd(12)} ${value}`);

  row('robots.txt', result.robotsUrl);
  result.redirects.forEach((target, i) => {
    row(i === 0 ? 'redirects' : '', `${i + 1}. -> ${target}`);
  });
  row('status', result.status === null ? 'none (no response)' : String(result.status));
  row('outcome', `${result.outcome} (${result.reason})${outcomeMeaning(result)}`);
  row('reason', result.detail);
  row(
    'bytes',
    result.truncated
      ? `${result.bytes} (truncated: the file is longer; the rest was not downloaded)`
      : `${result.bytes}`,
  );
  row(
    'fetched',
    `${iso(result.fetchedAt)} (${result.fromCache ? 'from cache' : 'fetched now'})${result.stale ? ', stale' : ''}`,
  );
  if (result.lastError) {
    const e = result.lastError;
    row(
      'last error',
      `${e.status ?? 'no response'} ${e.reason} at ${iso(e.at)} (${e.failures} consecutive failure${e.failures === 1 ? '' : 's'}); next try ${iso(e.retryAt)}`,
    );
  }
  row(
    'cache',
    `${duration(result.lifetime.ttlMs)} [${result.lifetime.source}], until ${iso(result.expiresAt)}: ${result.lifetime.why}`,
  );

  const robots = result.robots;
  if (robots) {
    const items = robots.diagnostics;
    const s = summarize(items);
    row(
      'diagnostics',
      s.total === 0
        ? 'none'
        : `${s.total}: ${plural(s.error, 'error')}, ${plural(s.warning, 'warning')}, ${s.info} info`,
    );
    for (const d of items.slice(0, LISTED_DIAGNOSTICS)) {
      row('', `line ${d.line}: ${d.severity} [${d.code}] ${d.message}`);
    }
    if (items.length > LISTED_DIAGNOSTICS)
      row('', `... and ${items.length - LISTED_DIAGNOSTICS} more`);
    row('groups', String(robots.groups.length));
    row('sitemaps', robots.sitemaps.length === 0 ? 'none' : robots.sitemaps.join(' '));
  } else {
    row('diagnostics', 'none (no file decides)');
  }
  return `${lines.join('\n')}\n`;
}

function outcomeMeaning(result: RobotsResult): string {
  if (result.outcome === 'allow-all') return ': everything may be crawled';
  if (result.outcome === 'disallow-all') return ': nothing may be crawled';
  return result.stale ? ': the rules of an older copy apply' : ': the file decides';
}

function summarize(items: readonly Diagnostic[]): DiagnosticsSummary {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const d of items) counts[d.severity]++;
  return { total: items.length, ...counts };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function iso(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? String(ms) : date.toISOString();
}
