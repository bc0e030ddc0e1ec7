import { Writable } from "node:stream";
import { ScreenLines } from "./screen-lines.js";

/**
 * The height Ink is told the terminal has. Ink 6 reads `rows` for one thing only: a frame at
 * least that tall is drawn as a full-screen app, by clearing the screen and the scrollback
 * (`ESC[2J ESC[3J`) and printing every finished item again. The REPL never draws full-screen
 * (its live region stays shorter than the terminal, app.tsx), so that never applies; but the
 * frame before a terminal was made shorter can be taller than the terminal is now.
 */
const BOTTOMLESS = Number.MAX_SAFE_INTEGER;

/** Clears the screen and the scrollback, cursor home (only /clear does this). */
const CLEAR_ALL = "\x1b[2J\x1b[3J\x1b[H";

/**
 * The stdout Ink draws on: it writes to the terminal, keeping Ink's erases of its live region
 * true when the terminal rewrapped lines (ScreenLines), and says the terminal has no bottom
 * (BOTTOMLESS). The REPL reads the real height from `screenRows`.
 */
export class InkStdout extends Writable {
  readonly isTTY: boolean;
  private readonly lines = new ScreenLines(() => this.columns);
  private readonly resized = () => this.emit("resize");

  constructor(private readonly terminal: NodeJS.WriteStream) {
    super({ decodeStrings: false });
    this.isTTY = terminal.isTTY === true;
    terminal.on("resize", this.resized);
  }

  /** The terminal's width. */
  get columns(): number {
    return this.terminal.columns || 80;
  }

  /** What Ink is told: no bottom (see BOTTOMLESS). */
  get rows(): number {
    return BOTTOMLESS;
  }

  /** The terminal's real height. */
  get screenRows(): number {
    return this.terminal.rows || 24;
  }

  override _write(chunk: unknown, _encoding: BufferEncoding, done: (error?: Error) => void): void {
    this.terminal.write(this.lines.follow(String(chunk)));
    done();
  }

  /**
   * Starts drawing on an empty screen, the cursor home. With `clearScrollback` (only /clear)
   * the scrollback goes too; otherwise what the screen shows is scrolled up into the
   * scrollback, where it stays. The live region must be erased first (Ink's `clear()`).
   */
  freshScreen(clearScrollback: boolean): void {
    const scrolled = `${"\n".repeat(this.screenRows)}\x1b[H`;
    this.terminal.write(clearScrollback ? CLEAR_ALL : scrolled);
    this.lines.reset();
  }

  /** Stops following the terminal's size. */
  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.terminal.off("resize", this.resized);
    done(error);
  }
}

/** The streams Ink reads and draws on. */
export interface InkStreams {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
}

/**
 * Ink's streams for `terminal`, its stdout an InkStdout (`screen`; destroy it once Ink has
 * exited). Everything keel draws with Ink goes this way: the REPL, and the questions before it.
 */
export function inkStreams(terminal: InkStreams): { streams: InkStreams; screen: InkStdout } {
  const screen = new InkStdout(terminal.stdout);
  // Ink takes a WriteStream; it uses what InkStdout has (write, columns, rows, isTTY, resize).
  const stdout = screen as unknown as NodeJS.WriteStream;
  return { streams: { stdin: terminal.stdin, stdout, stderr: terminal.stderr }, screen };
}
