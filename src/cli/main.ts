#!/usr/bin/env node
// The heed executable: the only place that touches the real process (argv, streams, exit code).

import { fetchExtensions } from './fetch-command.js';
import { processIo } from './io.js';
import { run } from './program.js';

// A reader that stops early (`heed check ... | head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await run(process.argv.slice(2), processIo, fetchExtensions);
