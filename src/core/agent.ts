// Product tokens (RFC 9309 §2.2.1): how a User-agent line names crawlers, and how the
// caller's agent is compared with it.

import type { Mode } from './types.js';

function isTokenChar(c: number): boolean {
  // [A-Za-z_-]: the characters RFC 9309 §2.2.1 allows in a product token.
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x2d || c === 0x5f;
}

/** C's isspace: what Google's reference accepts after `*` in `User-agent: * ...`. */
function isCSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d);
}

/**
 * True for a User-agent value `s[start, end)` that names every crawler: `*`, or
 * (Google-compatible) `*` followed by white space and anything.
 */
export function isWildcardAgent(s: string, start = 0, end = s.length): boolean {
  return s.charCodeAt(start) === 0x2a && (end - start === 1 || isCSpace(s.charCodeAt(start + 1)));
}

/** Where the product token that begins the User-agent value `s[start, end)` ends. */
export function productTokenEnd(s: string, start = 0, end = s.length): number {
  let i = start;
  while (i < end && isTokenChar(s.charCodeAt(i))) i++;
  return i;
}

/**
 * The product token a User-agent value names: its leading run of letters, `-` and `_`.
 * `Googlebot/2.1` names `Googlebot`; `MJ12bot` names `MJ`.
 * @example productToken('Googlebot-News/1.0') // 'Googlebot-News'
 */
export function productToken(value: string): string {
  return value.slice(0, productTokenEnd(value));
}

/**
 * The token a file's User-agent value is compared by: `*` for the wildcard, else its product
 * token lower-cased (tokens are ASCII letters, `-` and `_`, so this is ASCII lower-casing).
 * @example agentToken('Googlebot/2.1') // 'googlebot'
 */
export function agentToken(value: string): string {
  return isWildcardAgent(value) ? '*' : productToken(value).toLowerCase();
}

/**
 * Whether `agent` is a valid product token to obey (non-empty, only letters, `-` and `_`),
 * as crawlers should identify themselves (RFC 9309 §2.2.1).
 * @example isValidProductToken('Googlebot') // true
 * @example isValidProductToken('Googlebot/2.1') // false
 */
export function isValidProductToken(agent: string): boolean {
  return agent.length > 0 && productToken(agent) === agent;
}

/**
 * The caller's agent in the form compared with file tokens, lower-cased.
 * rfc: white space trimmed and a `/version` suffix dropped (`Googlebot/2.1` is `googlebot`).
 * google: as given, like Google's reference (so `Googlebot/2.1` names no group).
 */
export function callerToken(agent: string, mode: Mode): string {
  if (mode === 'google') return asciiLowerCase(agent);
  const trimmed = agent.trim();
  const slash = trimmed.indexOf('/');
  return asciiLowerCase((slash < 0 ? trimmed : trimmed.slice(0, slash)).trimEnd());
}

/**
 * Lower-cases A-Z only: tokens compare case-insensitively in ASCII, so no Unicode folding
 * (the Kelvin sign U+212A lower-cases to "k") can make a caller match a token it does not spell.
 */
export function asciiLowerCase(s: string): string {
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) > 0x7f) return s.replace(/[A-Z]+/g, (upper) => upper.toLowerCase());
  }
  return s.toLowerCase(); // all ASCII: the native lower-casing is the same, and faster
}
