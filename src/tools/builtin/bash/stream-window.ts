/**
 * The beginning and the end of one output stream, in bounded memory: the first `size`
 * characters and the last `size` characters, plus a count of everything seen.
 */
export class StreamWindow {
  private head = "";
  private readonly tail: string[] = [];
  private tailLength = 0;
  private seen = 0;

  constructor(private readonly size: number) {}

  /** Adds text to the stream. */
  push(text: string): void {
    if (text === "") return;
    this.seen += text.length;
    if (this.head.length < this.size) this.head += text.slice(0, this.size - this.head.length);
    this.tail.push(text);
    this.tailLength += text.length;
    this.trimTail();
  }

  /** Characters seen in all. */
  get total(): number {
    return this.seen;
  }

  /** Characters held in memory (bounded by twice the window size). */
  get retained(): number {
    return this.head.length + this.tailLength;
  }

  /**
   * The stream within `budget` characters (budget ≤ window size): whole when it fits, else
   * its beginning and end around a marker saying how much was left out.
   */
  view(budget: number): string {
    if (this.seen <= budget) return this.head;
    const startLength = Math.floor(budget / 2);
    const endLength = budget - startLength;
    const tail = this.tail.join("");
    const end = endLength > 0 ? tail.slice(-endLength) : "";
    const omitted = this.seen - startLength - end.length;
    return `${this.head.slice(0, startLength)}${truncationMarker(omitted)}${end}`;
  }

  private trimTail(): void {
    while (this.tailLength > this.size) {
      const first = this.tail[0] ?? "";
      const excess = this.tailLength - this.size;
      if (first.length <= excess) {
        this.tail.shift();
        this.tailLength -= first.length;
      } else {
        this.tail[0] = first.slice(excess);
        this.tailLength -= excess;
      }
    }
  }
}

/** The text that stands for the elided middle of an output. */
export function truncationMarker(omittedChars: number): string {
  return `\n\n... [${omittedChars} characters truncated] ...\n\n`;
}
