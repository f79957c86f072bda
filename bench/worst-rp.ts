// robots-parser on one adversarial file (argv[2]), in a child process that run.ts stops when
// its time budget is spent: some of these decisions take robots-parser seconds. Prints one JSON
// line per decision as soon as it is measured.

import { adversarialFiles, adversarialUrls } from './inputs.js';
import { robotsParser } from './robots-parser.js';
import { time } from './timing.js';

for (const file of adversarialFiles().filter((f) => f.name === process.argv[2])) {
  const parseNs = time(() => robotsParser('https://adversarial.example/robots.txt', file.text));
  const robots = robotsParser('https://adversarial.example/robots.txt', file.text);
  process.stdout.write(`${JSON.stringify({ file: file.name, parseNs })}\n`);
  for (const agent of file.agents) {
    for (const { name, url } of adversarialUrls()) {
      let ns = time(() => robots.isAllowed(url, agent));
      // Repeat only what is quick to repeat; a single slow call is its own measurement.
      if (ns < 5_000_000) {
        const again = [
          ns,
          time(() => robots.isAllowed(url, agent)),
          time(() => robots.isAllowed(url, agent)),
        ];
        ns = again.sort((a, b) => a - b)[1];
      }
      process.stdout.write(`${JSON.stringify({ file: file.name, agent, url: name, ns })}\n`);
    }
  }
}
