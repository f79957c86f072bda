// The heed command line: argv -> commands -> exit code. Every command prints through `io`,
// so tests run it in-process; main.ts is the only place that touches the real process.

import { Command, CommanderError, Option } from 'commander';
import { type Mode, parse, type RobotsTxt } from '../core/index.js';
import { CliError, EXIT } from './errors.js';
import type { Io } from './io.js';
import {
  blanketJson,
  decisionJson,
  renderBlanket,
  renderDecision,
  renderDiagnostic,
  renderExplanation,
} from './render.js';

const EXIT_CODES = `
Exit codes:
  0  every URL is allowed (check, explain); no warning or error (lint)
  1  some URL is disallowed (check, explain); a warning or error was found (lint)
  2  usage error, or a file or URL could not be read`;

/** Reads a robots.txt named on the command line: a file path, or `-` for standard input. */
async function readRobots(source: string, io: Io): Promise<Uint8Array> {
  if (source === '-') return io.readStdin();
  try {
    return await io.readFile(source);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new CliError(`cannot read robots file '${source}': ${reason}`);
  }
}

/**
 * What a robots source gave: a parsed file, or (when fetching found none to apply) a blanket
 * answer for every URL with the reason, e.g. "404: unavailable, everything allowed".
 */
export type LoadedRobots =
  | { robots: RobotsTxt; blanket?: undefined }
  | {
      robots?: undefined;
      blanket: { allowed: boolean; reason: 'unavailable' | 'unreachable'; why: string };
    };

/** Loads an http(s) robots source (the fetch layer, wired in main.ts). */
export type RemoteLoader = (url: string, mode: Mode) => Promise<LoadedRobots>;

const isHttpUrl = (source: string) => /^https?:\/\//i.test(source);

async function loadRobots(
  source: string,
  mode: Mode,
  io: Io,
  remote?: RemoteLoader,
): Promise<LoadedRobots> {
  if (!isHttpUrl(source)) return { robots: parse(await readRobots(source, io), { mode }) };
  if (!remote) throw new CliError(`cannot fetch '${source}': fetching is not available here`);
  return remote(source, mode);
}

async function collectUrls(
  urls: string[],
  urlsFile: string | undefined,
  io: Io,
): Promise<string[]> {
  if (urlsFile === undefined) return urls;
  const bytes = urlsFile === '-' ? await io.readStdin() : await readRobots(urlsFile, io);
  const listed = new TextDecoder()
    .decode(bytes)
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  return [...urls, ...listed];
}

interface CheckOptions {
  mode: Mode;
  json?: boolean;
  explain?: boolean;
  urls?: string;
}

async function check(
  source: string,
  agent: string,
  urls: string[],
  options: CheckOptions,
  io: Io,
  remote?: RemoteLoader,
): Promise<number> {
  if (source === '-' && options.urls === '-') {
    throw new CliError('the robots file and --urls cannot both be standard input');
  }
  const { robots, blanket } = await loadRobots(source, options.mode, io, remote);
  const all = await collectUrls(urls, options.urls, io);
  if (all.length === 0) {
    throw new CliError('no URL to check: give URLs as arguments or with --urls');
  }
  let code: number = EXIT.ok;
  for (const url of all) {
    if (blanket) {
      if (!blanket.allowed) code = EXIT.findings;
      io.stdout(options.json ? blanketJson(url, agent, blanket) : renderBlanket(url, blanket));
      continue;
    }
    const explanation = robots.explain(url, agent);
    if (!explanation.allowed) code = EXIT.findings;
    if (options.json) io.stdout(decisionJson(url, explanation, options.explain === true));
    else if (options.explain) io.stdout(renderExplanation(url, explanation));
    else io.stdout(renderDecision(url, explanation));
  }
  return code;
}

async function lint(
  source: string,
  options: { mode: Mode; json?: boolean },
  io: Io,
  remote?: RemoteLoader,
): Promise<number> {
  const { robots, blanket } = await loadRobots(source, options.mode, io, remote);
  if (blanket) {
    io.stdout(`${source}: no file to lint: ${blanket.why}\n`);
    return blanket.allowed ? EXIT.ok : EXIT.findings;
  }
  const name = source === '-' ? '<stdin>' : source;
  for (const d of robots.diagnostics) {
    io.stdout(options.json ? JSON.stringify(d) + '\n' : renderDiagnostic(name, d));
  }
  const serious = robots.diagnostics.filter((d) => d.severity !== 'info').length;
  if (!options.json) {
    io.stdout(
      `${name}: ${robots.lineCount} lines, ${robots.groups.length} groups, ${robots.diagnostics.length} findings (${serious} warnings or errors)\n`,
    );
  }
  return serious > 0 ? EXIT.findings : EXIT.ok;
}

const modeOption = () =>
  new Option('--mode <mode>', "rfc: RFC 9309 to the letter; google: exactly as Google's reference")
    .choices(['rfc', 'google'])
    .default('rfc');

/** Extra commands (e.g. `fetch`) and a loader for http(s) robots sources. */
export interface ProgramExtensions {
  remote?: RemoteLoader;
  register?: (program: Command, io: Io, setExit: (code: number) => void) => void;
}

function buildProgram(io: Io, setExit: (code: number) => void, ext: ProgramExtensions): Command {
  const remote = ext.remote;
  const program = new Command('heed')
    .description('robots.txt (RFC 9309): check, explain and lint, in rfc or google mode')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .addHelpText('after', EXIT_CODES);

  program
    .command('check')
    .description('print whether <agent> may fetch each URL, one line per URL')
    .argument('<robots>', 'robots.txt file, - for standard input, or an http(s) URL to fetch')
    .argument('<agent>', "the crawler's product token, e.g. Googlebot")
    .argument('[urls...]', 'URLs or paths to check')
    .addOption(modeOption())
    .option('--json', 'one JSON object per URL: {"url","agent","allowed","rule"}')
    .option('--explain', 'show the deciding line, both spellings and the groups')
    .option('--urls <file>', 'also check the URLs in <file> (one per line; - for standard input)')
    .addHelpText(
      'after',
      `
Examples:
  heed check robots.txt Googlebot /private/x https://example.com/a?b
  heed check --mode google robots.txt Googlebot /search
  heed check --json --urls urls.txt robots.txt ExampleBot
  cat robots.txt | heed check - ExampleBot /
  heed check https://example.com/ ExampleBot /private   (fetches example.com/robots.txt)
${EXIT_CODES}`,
    )
    .action(async (source: string, agent: string, urls: string[], options: CheckOptions) => {
      setExit(await check(source, agent, urls, options, io, remote));
    });

  program
    .command('explain')
    .description('explain each decision: the rule as written and as compared, its line, the groups')
    .argument('<robots>', 'robots.txt file, - for standard input, or an http(s) URL to fetch')
    .argument('<agent>', "the crawler's product token")
    .argument('[urls...]', 'URLs or paths to explain')
    .addOption(modeOption())
    .option('--json', 'one JSON object per URL, with reason, selection and groups')
    .option('--urls <file>', 'also explain the URLs in <file> (one per line; - for standard input)')
    .addHelpText(
      'after',
      `\nExamples:\n  heed explain robots.txt Googlebot /~user/notes\n${EXIT_CODES}`,
    )
    .action(async (source: string, agent: string, urls: string[], options: CheckOptions) => {
      setExit(await check(source, agent, urls, { ...options, explain: true }, io, remote));
    });

  program
    .command('lint')
    .description('list what a robots.txt gets wrong or may not mean, line by line')
    .argument('<robots>', 'robots.txt file, - for standard input, or an http(s) URL to fetch')
    .addOption(modeOption())
    .option('--json', 'one JSON diagnostic per line: {"line","severity","code","message"}')
    .addHelpText(
      'after',
      `\nExamples:\n  heed lint robots.txt\n  heed lint --json robots.txt\n${EXIT_CODES}`,
    )
    .action(async (source: string, options: { mode: Mode; json?: boolean }) => {
      setExit(await lint(source, options, io, remote));
    });

  ext.register?.(program, io, setExit);
  return program;
}

/**
 * Runs the heed CLI with `argv` (without `node` and the script) and returns the exit code.
 * @example await run(['check', 'robots.txt', 'Googlebot', '/private'], processIo) // 0 or 1
 */
export async function run(argv: string[], io: Io, ext: ProgramExtensions = {}): Promise<number> {
  let code: number = EXIT.ok;
  const program = buildProgram(io, (c) => (code = c), ext);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are successes; every other parse problem is a usage error.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (error instanceof CliError) {
      io.stderr(`heed: ${error.message}\n`);
      return error.exitCode;
    }
    io.stderr(`heed: ${(error as Error).message}\n`);
    return EXIT.usage;
  }
}
