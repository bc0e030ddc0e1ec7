/** One flush of a displayed message: the lines completed since the last (MessageDisplay's fields). */
export interface DisplayFlush {
  index: number;
  final: boolean;
  delta: string;
}

/**
 * Cuts a message's text, as it grows, into flushes of whole lines; the final flush has what
 * is left (it may end mid-line, or be empty when the text ends on a newline). Pure.
 */
export class LineFlusher {
  private sent = 0;
  private index = 0;

  /** The text so far: a flush of the lines it completed since the last one, or nothing. */
  push(text: string): DisplayFlush | undefined {
    const end = text.lastIndexOf("\n") + 1;
    if (end <= this.sent) return undefined;
    return this.flush(text.slice(this.sent, end), end, false);
  }

  /** The whole text: the last flush, with what no flush has sent yet. */
  finish(text: string): DisplayFlush {
    return this.flush(text.slice(this.sent), text.length, true);
  }

  private flush(delta: string, upTo: number, final: boolean): DisplayFlush {
    this.sent = upTo;
    const flush = { index: this.index, final, delta };
    this.index += 1;
    return flush;
  }
}
