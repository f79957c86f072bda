// `heed fetch <url>` and http(s) robots sources for check, explain and lint: the CLI's use of
// heed/fetch (RFC 9309 §2.3 access semantics), kept apart so program.ts stays file-only.

import type { Command } from 'commander';
import { Option } from 'commander';
import type { Mode } from '../core/index.js';
import { createRobotsClient, HeedFetchError, type RobotsResult } from '../fetch/index.js';
import { CliError, EXIT } from './errors.js';
import { renderFetchJson, renderFetchText } from './fetch-report.js';
import type { Io } from './io.js';
import type { LoadedRobots, ProgramExtensions } from './program.js';

/** The User-Agent header heed's CLI sends. */
const CLI_USER_AGENT = 'heed-cli/0.1 (+https://www.npmjs.com/package/heed)';

interface FetchOptions {
  mode: Mode;
  json?: boolean;
  userAgent: string;
  timeout: string;
}

async function get(
  url: string,
  mode: Mode,
  userAgent = CLI_USER_AGENT,
  timeoutMs = 10_000,
): Promise<RobotsResult> {
  const client = createRobotsClient({ mode, userAgent, timeoutMs });
  try {
    return await client.get(url);
  } catch (error) {
    if (error instanceof HeedFetchError) throw new CliError(error.message);
    throw error;
  }
}

/** Maps a fetch result to a parsed file, or to the blanket answer RFC 9309 §2.3.1 gives. */
export function loadedFrom(result: RobotsResult): LoadedRobots {
  if (result.outcome === 'rules' && result.robots) return { robots: result.robots };
  // `detail` says what happened and which RFC 9309 §2.3.1 rule follows from it.
  const allowed = result.outcome === 'allow-all';
  return {
    blanket: { allowed, reason: allowed ? 'unavailable' : 'unreachable', why: result.detail },
  };
}

function register(program: Command, io: Io, setExit: (code: number) => void): void {
  program
    .command('fetch')
    .description('fetch the robots.txt of a site as a crawler must, and show what came of it')
    .argument('<url>', 'any http(s) URL of the site (its /robots.txt is fetched)')
    .addOption(
      new Option('--mode <mode>', 'how the file is parsed')
        .choices(['rfc', 'google'])
        .default('rfc'),
    )
    .option('--json', 'the fields of client.get() as JSON')
    .option('--user-agent <header>', 'the User-Agent header sent', CLI_USER_AGENT)
    .option('--timeout <ms>', 'give up after this many milliseconds (then: disallow-all)', '10000')
    .addHelpText(
      'after',
      `
Shows the robots URL, each redirect, the status, the outcome and its reason, bytes and
truncation, the cache lifetime chosen and why, and a summary of diagnostics.

Examples:
  heed fetch https://example.com/
  heed fetch --json https://example.com/some/page

Exit codes:
  0  the file's rules apply, or it is unavailable (everything allowed)
  1  the site is unreachable: nothing may be crawled
  2  usage error (e.g. not an http(s) URL)`,
    )
    .action(async (url: string, options: FetchOptions) => {
      const timeout = Number(options.timeout);
      if (!Number.isInteger(timeout) || timeout <= 0) {
        throw new CliError(
          `--timeout must be a positive whole number of milliseconds, got '${options.timeout}'`,
        );
      }
      const result = await get(url, options.mode, options.userAgent, timeout);
      io.stdout(options.json ? renderFetchJson(result) : renderFetchText(result));
      setExit(result.outcome === 'disallow-all' ? EXIT.findings : EXIT.ok);
    });
}

/** What main.ts adds to the file-only program: the fetch command and http(s) sources. */
export const fetchExtensions: ProgramExtensions = {
  remote: async (url, mode) => loadedFrom(await get(url, mode)),
  register,
};
