/** Splits streamed text into lines, up to a line and character budget. */
export class LineCollector {
  readonly lines: string[] = [];
  full = false;
  private partial = "";
  private chars = 0;

  constructor(
    private readonly maxLines: number,
    private readonly maxChars = Number.POSITIVE_INFINITY,
    private readonly map: (line: string) => string[] = (line) => [line],
  ) {}

  /** Adds a chunk; false once the budget is used up. */
  push(chunk: string): boolean {
    if (this.full) return false;
    const parts = (this.partial + chunk).split("\n");
    this.partial = parts.pop() ?? "";
    for (const line of parts) {
      if (!this.add(line)) return false;
    }
    if (this.chars + this.partial.length > this.maxChars) this.full = true;
    return !this.full;
  }

  /** Takes the last line when the output did not end with a newline. */
  finish(): void {
    if (this.partial !== "") this.add(this.partial);
    this.partial = "";
  }

  private add(raw: string): boolean {
    for (const line of this.map(raw.endsWith("\r") ? raw.slice(0, -1) : raw)) {
      if (this.lines.length >= this.maxLines || this.chars + line.length > this.maxChars) {
        this.full = true;
        return false;
      }
      this.lines.push(line);
      this.chars += line.length + 1;
    }
    return true;
  }
}
