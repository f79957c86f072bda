// Input bytes or string -> text heed can read, losing nothing.
// Valid UTF-8 decodes as usual; each byte of an invalid sequence becomes the lone surrogate
// U+DC00+byte ("surrogate escape"), so normalize.ts can write it back as the same %XX octet.

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

/** The first code unit of the escape range: byte b (0x80..0xFF) is U+DC00 + b. */
export const BYTE_ESCAPE_BASE = 0xdc00;

/** Whether the code unit `c` is a byte kept from invalid UTF-8 (U+DC80..U+DCFF). */
export function isEscapedByte(c: number): boolean {
  return c >= 0xdc80 && c <= 0xdcff;
}

export interface DecodedInput {
  text: string;
  /**
   * Size of the whole input in bytes (UTF-8 bytes for a string); -1 when not counted because
   * it could not exceed the cap (then it is the UTF-8 length of `text`, for whoever asks).
   */
  bytes: number;
  /** True when the input was longer than the cap. */
  truncated: boolean;
  /** True when some bytes were not valid UTF-8 (they are kept, escaped). */
  invalidUtf8: boolean;
}

/** Decodes `input`, keeping at most `maxBytes` bytes (cut back to a character boundary). */
export function decodeInput(input: string | Uint8Array, maxBytes: number): DecodedInput {
  if (typeof input === 'string') return capString(input, maxBytes);
  if (!(input instanceof Uint8Array)) return capString(String(input ?? ''), maxBytes);
  const bytes = input.length;
  let end = Math.min(bytes, maxBytes);
  // Do not split a UTF-8 sequence at the cap: when the first byte left out continues a
  // character, leave out that character's first bytes too (at most 3 of them).
  const floor = Math.max(0, end - 3);
  if (end < bytes) while (end > floor && (input[end] & 0xc0) === 0x80) end--;
  const view = end === bytes ? input : input.subarray(0, end);
  try {
    return { text: utf8.decode(view), bytes, truncated: end < bytes, invalidUtf8: false };
  } catch {
    return { text: decodeLossless(view), bytes, truncated: end < bytes, invalidUtf8: true };
  }
}

function capString(input: string, maxBytes: number): DecodedInput {
  // A UTF-16 code unit is at most 3 UTF-8 bytes: short strings need no byte count.
  if (input.length * 3 <= maxBytes) {
    return { text: input, bytes: -1, truncated: false, invalidUtf8: false };
  }
  const bytes = utf8Length(input);
  if (bytes <= maxBytes) return { text: input, bytes, truncated: false, invalidUtf8: false };
  const { read } = encoder.encodeInto(input, new Uint8Array(maxBytes));
  return { text: input.slice(0, read), bytes, truncated: true, invalidUtf8: false };
}

const NON_ASCII = /[^\x00-\x7f]/g;

/** UTF-8 length of a string, counting escaped bytes (U+DC80..U+DCFF) as one byte. */
export function utf8Length(s: string): number {
  // Most files are ASCII: one byte per code unit, found by a native scan.
  NON_ASCII.lastIndex = 0;
  if (!NON_ASCII.test(s)) return s.length;
  let n = NON_ASCII.lastIndex - 1; // the ASCII run before the first non-ASCII unit
  for (let i = n; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else if (isEscapedByte(c)) n += 1;
    else n += 3;
  }
  return n;
}

/** UTF-8 decoding that maps every byte of an invalid sequence to U+DC00+byte. */
function decodeLossless(b: Uint8Array): string {
  const out: number[] = [];
  let s = '';
  for (let i = 0; i < b.length; ) {
    const c = b[i];
    let need = 0;
    let cp = 0;
    let min = 0;
    if (c < 0x80) {
      out.push(c);
      i++;
    } else {
      if (c >= 0xc2 && c <= 0xdf) [need, cp, min] = [1, c & 0x1f, 0x80];
      else if (c >= 0xe0 && c <= 0xef) [need, cp, min] = [2, c & 0x0f, 0x800];
      else if (c >= 0xf0 && c <= 0xf4) [need, cp, min] = [3, c & 0x07, 0x10000];
      let ok = need > 0 && i + need < b.length;
      for (let k = 1; ok && k <= need; k++) {
        const d = b[i + k];
        if ((d & 0xc0) !== 0x80) ok = false;
        else cp = (cp << 6) | (d & 0x3f);
      }
      if (ok && cp >= min && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff)) {
        if (cp >= 0x10000) {
          const v = cp - 0x10000;
          out.push(0xd800 + (v >> 10), 0xdc00 + (v & 0x3ff));
        } else out.push(cp);
        i += need + 1;
      } else {
        out.push(BYTE_ESCAPE_BASE + c);
        i++;
      }
    }
    if (out.length >= 8192) {
      s += String.fromCharCode(...out);
      out.length = 0;
    }
  }
  return s + String.fromCharCode(...out);
}
