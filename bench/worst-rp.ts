// robots-parser on one adversarial file (argv[2]), in a child process that run.ts stops when
// its time budget is spent: some of these decisions take robots-parser seconds. Prints one JSON
// line per step as soon as it is done, each with `t`, the child's clock (ms since it started),
// so that run.ts can bound the decision it stopped: at least budget - t of the last line.

import { adversarialFiles, adversarialUrls } from './inputs.js';
import { robotsParser } from './robots-parser.js';
import { time } from './timing.js';

for (const file of adversarialFiles().filter((f) => f.name === process.argv[2])) {
  const parseNs = time(() => robotsParser('https://adversarial.example/robots.txt', file.text));
  const robots = robotsParser('https://adversarial.example/robots.txt', file.text);
  process.stdout.write(`${JSON.stringify({ file: file.name, parseNs, t: performance.now() })}\n`);
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
      const line = { file: file.name, agent, url: name, ns, t: performance.now() };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    }
  }
}
