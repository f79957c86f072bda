// Compiled `*`/`$` patterns (RFC 9309 §2.2.3). A pattern is its literal prefix plus the
// literal segments between `*`s; matching finds each segment leftmost, which is linear in the
// path and never backtracks: no regular expressions.

/** A pattern ready to match, compiled once at parse time. */
export interface CompiledPattern {
  /** Literal text before the first `*` (without a final `$`). */
  readonly prefix: string;
  /** Literal segments after the first `*`, empty runs of `*` collapsed; null when there is no `*`. */
  readonly segments: readonly string[] | null;
  /** True when the pattern ended in `$`: the match must reach the end of the path. */
  readonly anchored: boolean;
}

/** Splits a normalized pattern into its literal prefix and `*`-separated segments. */
export function compilePattern(pattern: string): CompiledPattern {
  // `$` is special only as the last character; elsewhere it is a literal octet.
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const star = body.indexOf('*');
  if (star < 0) return { prefix: body, segments: null, anchored };
  const segments: string[] = [];
  for (const part of body.slice(star + 1).split('*')) if (part !== '') segments.push(part);
  // A trailing `*` (or `*$`) leaves an empty last segment: anything may follow.
  if (body.endsWith('*')) segments.push('');
  return { prefix: body.slice(0, star), segments, anchored };
}

/**
 * Whether `p` matches the path `s[start, end)`, given that the path already starts with
 * `p.prefix` (the rule index checks prefixes while it walks).
 */
export function matchesAfterPrefix(
  p: CompiledPattern,
  s: string,
  start: number,
  end: number,
): boolean {
  const segments = p.segments;
  if (segments === null) return !p.anchored || end - start === p.prefix.length;
  let pos = start + p.prefix.length;
  const last = segments.length - 1;
  for (let k = 0; k < last; k++) {
    const segment = segments[k];
    const at = s.indexOf(segment, pos);
    if (at < 0 || at + segment.length > end) return false;
    pos = at + segment.length;
  }
  const tail = segments[last];
  // Anchored: the tail must end the path and must not overlap what earlier segments consumed.
  if (p.anchored) return end - pos >= tail.length && s.startsWith(tail, end - tail.length);
  if (tail === '') return true;
  const at = s.indexOf(tail, pos);
  return at >= 0 && at + tail.length <= end;
}

/** Whether `p` matches the path `s[start, end)`. */
export function matchesPattern(p: CompiledPattern, s: string, start = 0, end = s.length): boolean {
  if (end - start < p.prefix.length || !s.startsWith(p.prefix, start)) return false;
  return matchesAfterPrefix(p, s, start, end);
}
