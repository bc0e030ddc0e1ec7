import stringWidth from "string-width";

/** Lines kept about what was written; Ink never moves the cursor further up than its frame. */
const KEPT_LINES = 2_000;

/** One piece of what Ink writes: a control sequence, a line break, or text. */
const TOKEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: escape sequences are what it reads
  /\x1b\[([0-?]*)[ -/]*([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[^[\]]?|\n|\r|[^\x1b\n\r]+/g;

const csi = (count: number, final: string) => (count > 0 ? `\x1b[${count}${final}` : "");

/**
 * What has been written to the terminal, line by line (each line's width), and where the
 * cursor is: enough to say how many terminal rows each line takes at the terminal's width now.
 *
 * Ink moves its cursor in lines it wrote: up one line, erase the line. A terminal made
 * narrower rewraps every line wider than its new width onto several rows, and then one line
 * is no longer one row: Ink's erase of its live region misses the rewrapped rows and leaves
 * their remains on screen (a prompt box drawn again under the old one). `follow` rewrites
 * each cursor move and line erase in rows of the terminal's present width. While no line is
 * wider than the terminal, the rewrite is the sequence itself.
 */
export class ScreenLines {
  private widths: number[] = [0];
  private row = 0;
  private col = 0;

  /** `columns` reads the terminal's width now. */
  constructor(private readonly columns: () => number) {}

  /** The screen was cleared and the cursor put home: nothing written is known any more. */
  reset(): void {
    this.widths = [0];
    this.row = 0;
    this.col = 0;
  }

  /** Takes note of `data` and returns it as the terminal must get it. */
  follow(data: string): string {
    let out = "";
    for (const match of data.matchAll(TOKEN)) {
      const [raw, params, final] = match;
      if (final !== undefined) out += this.control(raw, params ?? "", final);
      else if (raw === "\n") out += this.newline();
      else if (raw === "\r") out += this.carriageReturn();
      else if (raw.startsWith("\x1b")) out += raw;
      else out += this.text(raw);
    }
    this.trim();
    return out;
  }

  private control(raw: string, params: string, final: string): string {
    const count = Number.parseInt(params, 10);
    const n = Number.isNaN(count) || count < 1 ? 1 : count;
    if (params.startsWith("?")) return raw;
    switch (final) {
      case "A":
        return this.up(n);
      case "B":
        return this.down(n);
      case "G":
        return this.toColumn(n - 1, raw);
      case "K":
        return params === "2" ? this.eraseLine() : this.eraseRest(raw);
      case "H":
        // Put somewhere on the screen (home, after a clear): where lines start is unknown now.
        this.reset();
        return raw;
      default:
        return raw;
    }
  }

  private rowsOf(line: number): number {
    return Math.max(1, Math.ceil((this.widths[line] ?? 0) / this.width()));
  }

  /** Which of its rows a column of a line is on. */
  private rowIn(line: number, col: number): number {
    return Math.min(this.rowsOf(line) - 1, Math.floor(col / this.width()));
  }

  private width(): number {
    return Math.max(1, this.columns());
  }

  private up(lines: number): string {
    const target = Math.max(0, this.row - lines);
    // Above the first line known: one row each, as written.
    let rows = lines - (this.row - target) + this.rowIn(this.row, this.col);
    for (let line = target; line < this.row; line++) rows += this.rowsOf(line);
    rows -= this.rowIn(target, this.col);
    this.row = target;
    return csi(rows, "A");
  }

  private down(lines: number): string {
    const target = this.row + lines;
    while (this.widths.length <= target) this.widths.push(0);
    let rows = this.rowIn(target, this.col) - this.rowIn(this.row, this.col);
    for (let line = this.row; line < target; line++) rows += this.rowsOf(line);
    this.row = target;
    return csi(rows, "B");
  }

  private toColumn(col: number, raw: string): string {
    const rows = this.rowIn(this.row, col) - this.rowIn(this.row, this.col);
    this.col = col;
    if (rows === 0 && col < this.width()) return raw;
    const vertical = rows > 0 ? csi(rows, "B") : csi(-rows, "A");
    return `${vertical}\x1b[${(col % this.width()) + 1}G`;
  }

  /**
   * Erases every row of the cursor's line and leaves the cursor on its first row. The rows
   * after the first stay on the terminal as blank lines: they are lines of their own now.
   */
  private eraseLine(): string {
    const rows = this.rowsOf(this.row);
    const above = this.rowIn(this.row, this.col);
    this.widths.splice(this.row, 1, ...new Array<number>(rows).fill(0));
    const below = "\x1b[1B\x1b[2K".repeat(rows - 1);
    return `${csi(above, "A")}\x1b[2K${below}${csi(rows - 1, "A")}`;
  }

  /** Erase to the end of the line (or its start): the width left is the cursor's column. */
  private eraseRest(raw: string): string {
    if (raw === "\x1b[K" || raw === "\x1b[0K") {
      this.widths[this.row] = Math.min(this.widths[this.row] ?? 0, this.col);
    }
    return raw;
  }

  private newline(): string {
    const rows = this.rowsOf(this.row) - this.rowIn(this.row, this.col);
    this.row += 1;
    this.col = 0;
    if (this.row === this.widths.length) this.widths.push(0);
    return "\n".repeat(rows);
  }

  private carriageReturn(): string {
    const above = this.rowIn(this.row, this.col);
    this.col = 0;
    return `${csi(above, "A")}\r`;
  }

  private text(text: string): string {
    this.col += stringWidth(text);
    this.widths[this.row] = Math.max(this.widths[this.row] ?? 0, this.col);
    return text;
  }

  private trim(): void {
    const extra = this.widths.length - KEPT_LINES;
    if (extra <= 0 || this.row < extra) return;
    this.widths.splice(0, extra);
    this.row -= extra;
  }
}
