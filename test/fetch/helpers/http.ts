// A real node:http server on 127.0.0.1 for the fetch tests: a free port, a swappable handler,
// every request recorded, and a close() that drops open connections (stalled bodies included).

import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
}

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  /** Requests received, in order. */
  requests: RecordedRequest[];
  /** Requests received for one path. */
  count(path?: string): number;
  /** Replaces the handler for later requests. */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1 and a free port. */
export async function startServer(
  handler: Handler = (_req, res) => res.end(),
): Promise<TestServer> {
  let current = handler;
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    current(req, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    port: address.port,
    requests,
    count: (path) =>
      path === undefined ? requests.length : requests.filter((r) => r.path === path).length,
    handle(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Starts `n` servers (distinct ports, so distinct origins). */
export async function startServers(n: number, handler?: Handler): Promise<TestServer[]> {
  return Promise.all(Array.from({ length: n }, () => startServer(handler)));
}

/** A handler answering robots.txt with `body` and extra headers. */
export function robotsHandler(
  body: string,
  headers: http.OutgoingHttpHeaders = {},
  status = 200,
): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/plain', ...headers });
    res.end(body);
  };
}

/** A port on 127.0.0.1 with nothing listening (bound, then closed). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export const DISALLOW_PRIVATE = 'User-agent: *\nDisallow: /private\n';
