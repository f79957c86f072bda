// Where the robots.txt for a URL lives, and the key it is cached under.
// RFC 9309 §2.3: the file is at "/robots.txt" of the scheme and authority of the URL asked about.

import { InvalidUrlError, UnsupportedSchemeError } from './errors.js';

/** The robots.txt that governs a URL. */
export interface RobotsLocation {
  /** `scheme://host[:port]/robots.txt`: userinfo dropped, default port folded, host lower-cased. */
  robotsUrl: string;
  /**
   * `scheme://host[:port]`, the cache and single-flight key. Rules found after redirects still apply
   * to this origin (RFC 9309 §2.3.1.2), so this is the original authority, never a redirect target.
   */
  origin: string;
}

/**
 * Finds the robots.txt URL and origin key of a page URL (http and https only).
 * The WHATWG URL parser does the normalization: lower-cased and IDNA-encoded host,
 * default port (80 for http, 443 for https) removed.
 *
 * @throws {InvalidUrlError} when `pageUrl` is not an absolute URL.
 * @throws {UnsupportedSchemeError} when its scheme is not http or https.
 * @example
 * robotsLocation('https://user:pw@Example.COM:443/a/b?c');
 * // { robotsUrl: 'https://example.com/robots.txt', origin: 'https://example.com' }
 */
export function robotsLocation(pageUrl: string | URL): RobotsLocation {
  const text = String(pageUrl);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InvalidUrlError(text);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UnsupportedSchemeError(text, url.protocol);
  }
  if (url.hostname === '') throw new InvalidUrlError(text);
  // url.host omits userinfo and a default port, and holds the lower-cased host.
  const origin = `${url.protocol}//${url.host}`;
  return { robotsUrl: `${origin}/robots.txt`, origin };
}

/**
 * The robots.txt URL for a page URL; see {@link robotsLocation}.
 *
 * @example
 * robotsUrlFor('http://example.com:80/shop?id=1'); // 'http://example.com/robots.txt'
 */
export function robotsUrlFor(pageUrl: string | URL): string {
  return robotsLocation(pageUrl).robotsUrl;
}

/**
 * The origin key (`scheme://host[:port]`) for a page URL; see {@link robotsLocation}.
 *
 * @example
 * originKey('HTTPS://Example.com:8443/x'); // 'https://example.com:8443'
 */
export function originKey(pageUrl: string | URL): string {
  return robotsLocation(pageUrl).origin;
}
