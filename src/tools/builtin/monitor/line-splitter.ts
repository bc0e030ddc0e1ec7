/** Splits text that arrives in pieces into whole lines, keeping a partial last line back. */
export class LineSplitter {
  private partial = "";

  /** The whole lines completed by this piece. */
  push(text: string): string[] {
    const parts = (this.partial + text).split("\n");
    this.partial = parts.pop() ?? "";
    return parts.map((line) => line.replace(/\r$/, ""));
  }

  /** The partial line left at the end of the output, if any. */
  flush(): string[] {
    const rest = this.partial;
    this.partial = "";
    return rest === "" ? [] : [rest];
  }
}
