// The CLI's one error type: a message for stderr and the exit code it ends with.

/** Exit codes of every heed command (documented in `heed --help`). */
export const EXIT = { ok: 0, findings: 1, usage: 2 } as const;

/** A usage or read problem: printed as `heed: <message>`, exit code 2. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.usage,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
