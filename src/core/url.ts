// The part of a URL that rules match: path, params and query, without scheme, authority or
// fragment (RFC 9309 §2.2.2). Found by scanning, with no URL object: a decision allocates nothing.
// The rules for odd input follow Google's reference (GetPathParamsQuery) in both modes.

/** Where {@link locatePath} found the path: `[start, end)` of the string it returned. */
export const located = { start: 0, end: 0 };

/** A run of what is not `/`, `?`, `;` or `#`: an authority, or what a URL has before its path. */
const BEFORE_PATH = /[^/?;#]*/y;

/** Where the path starts after the authority: its '/', '?' or ';'; or a '#' first; or -1. */
function pathStart(s: string, from: number): number {
  // One native run: a host is read several times faster than by a loop here.
  BEFORE_PATH.lastIndex = from;
  BEFORE_PATH.test(s);
  const i = BEFORE_PATH.lastIndex;
  return i < s.length ? i : -1;
}

/**
 * Locates the path (with params and query) of `url`, which may be a path (`/a?b`), an absolute
 * URL or a scheme-relative one (`//host/a`). Returns the string holding it and sets
 * {@link located}; the result always starts with `/` (a missing path is `/`).
 * @example locatePath('https://example.com:8080/a?b#c') // url itself, located = {start: 24, end: 28}
 */
export function locatePath(url: string): string {
  const s = locatePathStart(url);
  if (located.end < 0) located.end = endOfPath(s, located.start);
  return s;
}

/**
 * {@link locatePath}, but where the path runs on in `url` itself, its end is left to the
 * caller (`located.end` is -1): it is the first `#` from `located.start` on, or the end of
 * the string. A caller that reads the path anyway finds it in the same pass.
 */
export function locatePathStart(url: string): string {
  let authorityEnd = httpAuthority(url);
  if (authorityEnd < 0) {
    const from =
      url.length >= 2 && url.charCodeAt(0) === 0x2f && url.charCodeAt(1) === 0x2f ? 2 : 0;
    const early = pathStart(url, from);
    authorityEnd = url.indexOf('://', from);
    // A path, param or query that starts before '://' means '://' is no scheme separator (a
    // fragment before it ends the URL: below, the path is `/` either way).
    if (authorityEnd < 0 || (early >= 0 && early < authorityEnd)) authorityEnd = from;
    else authorityEnd += 3;
    // A '#' before the authority (Google's reference searches from `from`) ends the URL there.
    const hash = url.indexOf('#', from);
    if (hash >= 0 && hash < authorityEnd) return root();
  }
  const start = pathStart(url, authorityEnd);
  // No path, or a fragment before it.
  if (start < 0 || url.charCodeAt(start) === 0x23) return root();
  if (url.charCodeAt(start) === 0x2f) {
    located.start = start;
    located.end = -1;
    return url;
  }
  // The path is missing but params or a query follow: the path is `/`.
  const path = '/' + url.slice(start, endOfPath(url, start));
  located.start = 0;
  located.end = path.length;
  return path;
}

/** Where the path that goes on at `from` ends: at the fragment's '#', or the URL's end. */
export function endOfPath(url: string, from: number): number {
  const hash = url.indexOf('#', from);
  return hash < 0 ? url.length : hash;
}

/**
 * Where the authority of an `http://` or `https://` URL starts (what crawlers pass), else -1.
 * For these the general rule below gives the same answer: neither scheme holds '/', '?', ';',
 * '#' or '://'.
 */
function httpAuthority(url: string): number {
  if (
    url.charCodeAt(0) !== 0x68 || // h
    url.charCodeAt(1) !== 0x74 || // t
    url.charCodeAt(2) !== 0x74 || // t
    url.charCodeAt(3) !== 0x70 // p
  ) {
    return -1;
  }
  const colon = url.charCodeAt(4) === 0x73 ? 5 : 4; // https or http
  return url.charCodeAt(colon) === 0x3a &&
    url.charCodeAt(colon + 1) === 0x2f &&
    url.charCodeAt(colon + 2) === 0x2f
    ? colon + 3
    : -1;
}

function root(): string {
  located.start = 0;
  located.end = 1;
  return '/';
}
