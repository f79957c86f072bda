// A robots.txt handler that holds every response until the test lets it go, so tests can start a
// second client while the first fetch is provably still in flight.

import type { ServerResponse } from 'node:http';
import type { Handler } from './http.js';

export interface HeldHandler {
  handler: Handler;
  /** Resolves when the server has received `n` requests in all. */
  received(n: number): Promise<void>;
  /** Answers every held request (and later ones at once) with `body`. */
  release(): void;
}

export function heldRobots(body: string): HeldHandler {
  const held: ServerResponse[] = [];
  let released = false;
  let count = 0;
  const waiters: { n: number; resolve: () => void }[] = [];
  const answer = (res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(body);
  };
  return {
    handler(_req, res) {
      count++;
      for (const w of waiters.filter((w) => count >= w.n)) w.resolve();
      if (released) answer(res);
      else held.push(res);
    },
    received(n) {
      if (count >= n) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ n, resolve }));
    },
    release() {
      released = true;
      for (const res of held.splice(0)) answer(res);
    },
  };
}
