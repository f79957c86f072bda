// An in-memory Io for CLI tests: files from a map, captured stdout and stderr.

import type { Io } from '../../src/cli/io.js';

export interface MemoryIo extends Io {
  out: string;
  err: string;
}

export function memoryIo(files: Record<string, string | Uint8Array> = {}, stdin = ''): MemoryIo {
  const encode = (v: string | Uint8Array) =>
    typeof v === 'string' ? new TextEncoder().encode(v) : v;
  const io: MemoryIo = {
    out: '',
    err: '',
    stdout: (text) => {
      io.out += text;
    },
    stderr: (text) => {
      io.err += text;
    },
    readFile: async (path) => {
      const content = files[path];
      if (content === undefined)
        throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
      return encode(content);
    },
    readStdin: async () => encode(stdin),
  };
  return io;
}
