// Run as a separate process by the store tests: one client on a shared Redis asks about a URL and
// prints its answer as JSON. Arguments: <redis url> <key prefix> <page url>.

import { createRobotsClient, redisStore } from '../../../src/fetch/index.js';

const [redisUrl, prefix, pageUrl] = process.argv.slice(2);
if (!redisUrl || !prefix || !pageUrl) {
  console.error('usage: child-client.ts <redis url> <prefix> <page url>');
  process.exit(2);
}
const store = redisStore({ url: redisUrl, prefix });
try {
  const client = createRobotsClient({ store, leasePollMs: 10, timeoutMs: 5000 });
  process.stdout.write('asking\n');
  const result = await client.get(pageUrl);
  process.stdout.write(
    `${JSON.stringify({ fromCache: result.fromCache, outcome: result.outcome })}\n`,
  );
} finally {
  await store.close();
}
