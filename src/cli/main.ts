#!/usr/bin/env node
// The heed executable: the only place that touches the real process (argv, streams, exit code).

import { processIo } from './io.js';
import { run } from './program.js';

process.exitCode = await run(process.argv.slice(2), processIo);
