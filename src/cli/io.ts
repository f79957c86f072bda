// What the CLI needs from the outside world, injected so commands run in tests without a
// process: output streams and reading files or standard input.

import { readFile } from 'node:fs/promises';

export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  /** The bytes of a file. Rejects with the system error when it cannot be read. */
  readFile(path: string): Promise<Uint8Array>;
  /** All of standard input. */
  readStdin(): Promise<Uint8Array>;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The real process: stdout, stderr, the file system and stdin. */
export const processIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readFile: (path) => readFile(path),
  readStdin: () => readAll(process.stdin),
};
