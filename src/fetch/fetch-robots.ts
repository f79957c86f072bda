// One access to a robots.txt URL with the semantics of RFC 9309 §2.3, turned into a value.
// Nothing here throws for trouble on the network or at the server: every failure is a FetchOutcome
// whose outcome is chosen so that a crawler never fails open (§2.3.1.4: unreachable = disallow all).

import { InvalidOptionError, InvalidUrlError, UnsupportedSchemeError } from './errors.js';
import type { FetchOutcome, FetchReason, Outcome } from './types.js';

/** The subset of WHATWG `fetch` heed uses; the global `fetch` fits, and so do test doubles. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** Options of {@link fetchRobots}; every field is optional. */
export interface FetchRobotsOptions {
  /**
   * The fetch implementation. It must follow the WHATWG contract: `redirect: 'manual'` hands back
   * the 3xx response, and the body is content-decoded (Node's global fetch decodes gzip, deflate and br).
   * @default globalThis.fetch
   */
  fetch?: FetchLike;
  /**
   * The User-Agent header sent.
   * @default 'heed/0.1'
   */
  userAgent?: string;
  /**
   * Consecutive redirects followed; one more makes the file unavailable (RFC 9309 §2.3.1.2).
   * @default 5
   */
  maxRedirects?: number;
  /**
   * Decoded body bytes read; the rest is not downloaded (RFC 9309 §2.5 asks for at least 500 KiB).
   * @default 512000
   */
  maxBytes?: number;
  /**
   * Bound on the whole access, redirects and body included; past it the outcome is a timeout.
   * @default 10000
   */
  timeoutMs?: number;
  /**
   * Clock for `fetchedAt`.
   * @default Date.now
   */
  now?: () => number;
  /**
   * Conditional request headers (If-None-Match / If-Modified-Since), sent only to `url`: the validators
   * belong to the response last fetched from there. A 304 from it gives the outcome `not-modified`.
   */
  conditional?: { url: string; headers: Record<string, string> };
}

/**
 * The defaults of {@link fetchRobots}, shared with the client.
 *
 * @example
 * FETCH_DEFAULTS.maxBytes; // 512000
 */
export const FETCH_DEFAULTS = {
  userAgent: 'heed/0.1',
  maxRedirects: 5,
  maxBytes: 512000,
  timeoutMs: 10000,
} as const;

/**
 * The headers every robots.txt request carries (conditions aside). The client builds its cache
 * requests from the same function, so a `Vary` on them matches when revalidating.
 *
 * @example
 * robotsRequestHeaders('MyBot/1.0')['accept-encoding']; // 'gzip, deflate, br'
 */
export function robotsRequestHeaders(userAgent: string): Record<string, string> {
  return {
    'user-agent': userAgent,
    accept: 'text/plain, */*;q=0.5',
    'accept-encoding': 'gzip, deflate, br',
  };
}

/** Content codings the global fetch decodes (undici); anything else would hand us undecoded bytes. */
const DECODED_CODINGS = new Set(['', 'identity', 'gzip', 'x-gzip', 'deflate', 'br']);

const REDIRECT_STATUSES = new Set([300, 301, 302, 303, 307, 308]);

class TimeoutSignal extends Error {
  constructor() {
    super('timeout');
    this.name = 'TimeoutError';
  }
}

/**
 * Fetches a robots.txt URL once, with RFC 9309 §2.3 semantics:
 * - redirects followed by hand up to `maxRedirects`, across hosts, `Location` resolved against the
 *   URL that sent it; a loop or one redirect too many makes the file unavailable (allow-all);
 * - 2xx: the body, streamed and cut at `maxBytes` decoded bytes (the rest is not downloaded);
 * - 4xx: allow-all, except 429, which is unreachable; 5xx, network, DNS and TLS errors, resets,
 *   broken content coding and timeouts: disallow-all. A body cut short by an error is never parsed.
 *
 * @param robotsUrl an absolute http(s) robots.txt URL (see {@link robotsUrlFor}).
 * @throws {InvalidUrlError | UnsupportedSchemeError} (as a rejection) for a URL that is not http(s),
 *   and {InvalidOptionError} for a negative or fractional count; nothing else.
 * @example
 * const outcome = await fetchRobots('https://example.com/robots.txt', { timeoutMs: 5000 });
 * if (outcome.outcome === 'rules') console.log(new TextDecoder().decode(outcome.body!));
 * else console.log(outcome.outcome, outcome.reason, outcome.detail);
 */
export async function fetchRobots(
  robotsUrl: string,
  options: FetchRobotsOptions = {},
): Promise<FetchOutcome> {
  const fetchImpl = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const userAgent = options.userAgent ?? FETCH_DEFAULTS.userAgent;
  const maxRedirects = checkCount(
    'maxRedirects',
    options.maxRedirects,
    FETCH_DEFAULTS.maxRedirects,
  );
  const maxBytes = checkCount('maxBytes', options.maxBytes, FETCH_DEFAULTS.maxBytes);
  const timeoutMs = checkCount('timeoutMs', options.timeoutMs, FETCH_DEFAULTS.timeoutMs);
  const now = options.now ?? Date.now;
  checkRobotsUrl(robotsUrl);

  const fetchedAt = now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TimeoutSignal()), timeoutMs);
  const redirects: string[] = [];
  const visited = new Set<string>([robotsUrl]);
  let url = robotsUrl;
  let status: number | null = null;
  let headers: Record<string, string> = {};
  let requestHeaders: Record<string, string> = {};
  let phase: 'response' | 'body' = 'response';

  const result = (
    outcome: Outcome | 'not-modified',
    reason: FetchReason,
    detail: string,
    body: Uint8Array | null = null,
    truncated = false,
  ): FetchOutcome => ({
    robotsUrl,
    finalUrl: url,
    status,
    outcome,
    reason,
    detail,
    redirects,
    body,
    bytes: body?.byteLength ?? 0,
    truncated,
    headers,
    requestHeaders,
    fetchedAt,
  });

  const failed = (err: unknown): FetchOutcome => {
    const timedOut = controller.signal.reason instanceof TimeoutSignal;
    const { reason, detail } = classifyError(err, timedOut);
    const where =
      reason === 'timeout'
        ? phase === 'body'
          ? `the body of ${url} did not complete within ${timeoutMs} ms`
          : `no response from ${url} within ${timeoutMs} ms`
        : phase === 'body'
          ? `the body of ${url} broke off (${detail})`
          : `${url}: ${detail}`;
    return result(
      'disallow-all',
      reason,
      `${where}: unreachable, disallow all (RFC 9309 §2.3.1.4)`,
    );
  };

  try {
    for (;;) {
      requestHeaders = {
        ...robotsRequestHeaders(userAgent),
        ...(options.conditional && options.conditional.url === url
          ? lowerCaseKeys(options.conditional.headers)
          : {}),
      };
      status = null;
      headers = {};
      phase = 'response';
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'GET',
          headers: requestHeaders,
          redirect: 'manual',
          signal: controller.signal,
        });
        if (!response || typeof response.status !== 'number') {
          throw new TypeError('the fetch implementation returned no Response');
        }
      } catch (err) {
        return failed(err);
      }
      status = response.status;
      headers = headersObject(response.headers);

      if (REDIRECT_STATUSES.has(status)) {
        discard(response);
        const location = headers.location;
        const bad = (why: string) =>
          result(
            'disallow-all',
            'bad-redirect',
            `${url} answered ${status} ${why}: unreachable, disallow all (never fail open)`,
          );
        if (location === undefined) return bad('without a Location header');
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          return bad(`with an unusable Location ${JSON.stringify(location)}`);
        }
        if (next.protocol !== 'http:' && next.protocol !== 'https:') {
          return bad(`with a Location of scheme ${next.protocol}`);
        }
        next.hash = '';
        const target = next.href;
        if (visited.has(target)) {
          return result(
            'allow-all',
            'redirect-loop',
            `redirect loop: ${url} redirects to ${target}, already visited; the file is unavailable, allow all (RFC 9309 §2.3.1.2)`,
          );
        }
        if (redirects.length >= maxRedirects) {
          return result(
            'allow-all',
            'too-many-redirects',
            `more than ${maxRedirects} consecutive redirects (the next was to ${target}); the file is unavailable, allow all (RFC 9309 §2.3.1.2)`,
          );
        }
        visited.add(target);
        redirects.push(target);
        url = target;
        continue;
      }

      if (status === 304) {
        discard(response);
        if (requestHeaders['if-none-match'] || requestHeaders['if-modified-since']) {
          return result(
            'not-modified',
            'not-modified',
            `${url} answered 304: the stored copy is current`,
          );
        }
        return result(
          'disallow-all',
          'unexpected-status',
          `${url} answered 304 to an unconditional request: unreachable, disallow all (never fail open)`,
        );
      }

      if (status >= 200 && status <= 299) {
        const coding = (headers['content-encoding'] ?? '')
          .split(',')
          .map((c) => c.trim().toLowerCase())
          .filter((c) => !DECODED_CODINGS.has(c));
        if (coding.length > 0) {
          discard(response);
          return result(
            'disallow-all',
            'decode-error',
            `${url} sent the unsupported content-encoding ${coding.join(', ')}: unreadable, disallow all (never fail open)`,
          );
        }
        phase = 'body';
        let read: { body: Uint8Array; truncated: boolean };
        try {
          read = await readCapped(response.body, maxBytes);
        } catch (err) {
          return failed(err);
        }
        const size = read.truncated
          ? `first ${read.body.byteLength} bytes read, the rest not downloaded`
          : `${read.body.byteLength} bytes`;
        return result(
          'rules',
          'success',
          `${url} answered ${status} (${size}): its rules apply`,
          read.body,
          read.truncated,
        );
      }

      discard(response);
      if (status === 429) {
        return result(
          'disallow-all',
          'too-many-requests',
          `${url} answered 429 Too Many Requests: unreachable, disallow all`,
        );
      }
      if (status >= 400 && status <= 499) {
        return result(
          'allow-all',
          'client-error',
          `${url} answered ${status}: the file is unavailable, allow all (RFC 9309 §2.3.1.3)`,
        );
      }
      if (status >= 500 && status <= 599) {
        return result(
          'disallow-all',
          'server-error',
          `${url} answered ${status}: unreachable, disallow all (RFC 9309 §2.3.1.4)`,
        );
      }
      return result(
        'disallow-all',
        'unexpected-status',
        `${url} answered the unexpected status ${status}: disallow all (never fail open)`,
      );
    }
  } catch (err) {
    // Defensive: a broken fetch double or Headers object must not make this throw.
    return failed(err);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads a body stream up to `maxBytes` bytes. When more arrives, keeps exactly `maxBytes`, cancels the
 * stream (which closes the connection, so the rest is not downloaded) and reports `truncated`.
 * With a decoding fetch the stream carries decoded bytes, so a compression bomb costs at most the cap
 * plus the chunk in flight.
 */
async function readCapped(
  stream: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<{ body: Uint8Array; truncated: boolean }> {
  if (!stream) return { body: new Uint8Array(0), truncated: false };
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let truncated = false;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (total + value.byteLength > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - total));
      total = maxBytes;
      truncated = true;
      reader.cancel().catch(() => {});
      break;
    }
    chunks.push(value);
    total += value.byteLength;
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { body, truncated };
}

/** Drops a body we will not read, without waiting for it. */
function discard(response: Response): void {
  try {
    response.body?.cancel().catch(() => {});
  } catch {
    // A locked or already consumed body needs nothing.
  }
}

function headersObject(headers: Headers | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers || typeof headers.forEach !== 'function') return out;
  headers.forEach((value, name) => {
    out[name.toLowerCase()] = value;
  });
  return out;
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value;
  return out;
}

/** A malformed or non-http(s) robots URL is API misuse, not network trouble: it throws. */
function checkRobotsUrl(robotsUrl: string): void {
  let url: URL;
  try {
    url = new URL(robotsUrl);
  } catch {
    throw new InvalidUrlError(String(robotsUrl));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UnsupportedSchemeError(robotsUrl, url.protocol);
  }
}

function checkCount(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new InvalidOptionError(name, value, 'a whole number of 0 or more');
  }
  return value;
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NODATA', 'EAI_NONAME', 'EAI_FAIL']);
const RESET_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);
const TIMEOUT_CODES = new Set([
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);
const DECODE_CODES = new Set([
  'Z_DATA_ERROR',
  'Z_BUF_ERROR',
  'Z_STREAM_ERROR',
  'ERR_BROTLI_DECOMPRESSION_FAILED',
]);

/**
 * Names the network trouble behind a failed fetch from the error and its `cause` chain
 * (undici wraps the socket error: `TypeError: fetch failed` → `Error { code: 'ECONNREFUSED' }`).
 *
 * @example
 * classifyError(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ENOTFOUND' } }), false);
 * // { reason: 'dns-error', detail: 'DNS lookup failed (ENOTFOUND)' }
 */
export function classifyError(
  err: unknown,
  timedOut: boolean,
): { reason: FetchReason; detail: string } {
  if (timedOut) return { reason: 'timeout', detail: 'timed out' };
  const chain: { code?: unknown; name?: unknown; message?: unknown }[] = [];
  let current: unknown = err;
  for (let depth = 0; depth < 8 && current != null; depth++) {
    if (typeof current !== 'object') {
      chain.push({ message: String(current) });
      break;
    }
    chain.push(current as { code?: unknown; name?: unknown; message?: unknown });
    current = (current as { cause?: unknown }).cause;
  }
  for (const link of chain) {
    const code = typeof link.code === 'string' ? link.code : '';
    const name = typeof link.name === 'string' ? link.name : '';
    const message = typeof link.message === 'string' ? link.message : '';
    if (DNS_CODES.has(code)) return { reason: 'dns-error', detail: `DNS lookup failed (${code})` };
    if (code === 'ECONNREFUSED')
      return { reason: 'connection-refused', detail: 'connection refused' };
    if (RESET_CODES.has(code)) {
      return {
        reason: 'connection-reset',
        detail: `connection reset (${code}${message ? `: ${message}` : ''})`,
      };
    }
    if (TIMEOUT_CODES.has(code) || name === 'TimeoutError') {
      return { reason: 'timeout', detail: `timed out (${code || name})` };
    }
    if (isTlsCode(code)) return { reason: 'tls-error', detail: `TLS error (${code})` };
    if (
      DECODE_CODES.has(code) ||
      /incorrect header check|invalid (block|stored|distance)|unexpected end of file/i.test(message)
    ) {
      return { reason: 'decode-error', detail: `undecodable content (${code || message})` };
    }
  }
  const first = chain[0];
  const text =
    chain
      .map((link) => [link.code, link.message].filter((x) => typeof x === 'string' && x).join(' '))
      .filter(Boolean)
      .join(' ← ') || String(first?.name ?? 'unknown error');
  return { reason: 'network-error', detail: `network error (${text})` };
}

function isTlsCode(code: string): boolean {
  return (
    code.startsWith('ERR_SSL_') ||
    code.startsWith('ERR_TLS_') ||
    code.startsWith('CERT_') ||
    code.startsWith('UNABLE_TO_') ||
    code.endsWith('_CERT') ||
    code === 'DEPTH_ZERO_SELF_SIGNED_CERT' ||
    code === 'SELF_SIGNED_CERT_IN_CHAIN' ||
    code === 'HOSTNAME_MISMATCH'
  );
}
