/** How much of a `!cmd`'s output is kept per stream (as Claude Code's Bash tool keeps). */
export const OUTPUT_LIMIT = 30_000;

/**
 * Text collected in chunks with a bound: the first and last halves of `limit` are kept, and
 * what was cut from the middle is marked with its size.
 */
export class CappedText {
  private head = "";
  private tail = "";
  private cut = 0;

  constructor(private readonly limit = OUTPUT_LIMIT) {}

  /** Adds a chunk; beyond the limit, the oldest text after the head is dropped. */
  add(chunk: string): void {
    const half = Math.floor(this.limit / 2);
    let rest = chunk;
    if (this.head.length < half) {
      const room = half - this.head.length;
      this.head += rest.slice(0, room);
      rest = rest.slice(room);
    }
    if (rest === "") return;
    this.tail += rest;
    if (this.tail.length > this.limit - half) {
      const over = this.tail.length - (this.limit - half);
      this.cut += over;
      this.tail = this.tail.slice(over);
    }
  }

  /** The kept text, with a line saying how much was cut when anything was. */
  text(): string {
    if (this.cut === 0) return this.head + this.tail;
    return `${this.head}\n… [${this.cut} characters of output cut] …\n${this.tail}`;
  }
}
