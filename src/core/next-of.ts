// Finders for the next occurrence of something in a text read front to back. Each remembers
// its last answer, so a reader that asks from increasing positions searches past each
// character once and a file costs linear time (an unbounded search per line would rescan the
// rest of the file on every line that lacks what is sought).

/** The next position of `ch` at or after `from` in `text`, or the text's length when none. */
export function nextOf(text: string, ch: string, from: number): number {
  const at = text.indexOf(ch, from);
  return at < 0 ? text.length : at;
}

/** The next position of one character, remembered between calls (see {@link nextOf}). */
export class NextOf {
  private at = -2;
  constructor(
    private readonly text: string,
    private readonly ch: string,
  ) {}
  /** Position of the next `ch` at or after `from`, or the text's length when there is none. */
  from(from: number): number {
    if (this.at < from && this.at !== this.text.length) this.at = nextOf(this.text, this.ch, from);
    return this.at;
  }
}
