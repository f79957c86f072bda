// The User-agent lines of a file, stored like its rules (rule-table.ts): three numbers a line
// over the file's text. Their AgentRef objects and tokens are made when asked for (a group's
// `agents`, a file's first question), so reading a file does not pay for them.

import { agentToken } from './agent.js';
import type { AgentRef } from './types.js';

// Numbers per line.
const A_LINE = 0;
const A_START = 1; // the value as written is text[start, end)
const A_END = 2;
const A_SIZE = 3;

export class AgentLines {
  /** A_SIZE numbers a line, in file order. */
  private spans: number[] = [];

  constructor(readonly text: string) {}

  /** Adds the User-agent line `line` whose value is `text[start, end)`. Returns its number. */
  add(line: number, start: number, end: number): number {
    this.spans.push(line, start, end);
    return this.spans.length / A_SIZE - 1;
  }

  /** Drops the spare room the list kept while growing, once the file is read. */
  seal(): void {
    this.spans = this.spans.slice();
  }

  get count(): number {
    return this.spans.length / A_SIZE;
  }

  /** The value of agent line `i` as written. */
  value(i: number): string {
    return this.text.slice(this.spans[i * A_SIZE + A_START], this.spans[i * A_SIZE + A_END]);
  }

  /** The token agent line `i` is compared by (see {@link agentToken}). */
  token(i: number): string {
    return agentToken(this.value(i));
  }

  /** Agent line `i` as an {@link AgentRef}. */
  ref(i: number): AgentRef {
    const value = this.value(i);
    return { value, token: agentToken(value), line: this.spans[i * A_SIZE + A_LINE] };
  }
}
