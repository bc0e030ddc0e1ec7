import pty from "@lydell/node-pty";
import xterm from "@xterm/headless";

/** A program running in a pseudo-terminal, with the screen it drew. */
export interface PtyScreen {
  /** Sends keys (one chunk: Ink reads back-to-back writes as one input). */
  write(data: string): void;
  /** The visible screen, one string per row, right-trimmed. */
  lines(): string[];
  /** Every row the terminal holds, scrollback first then the screen, right-trimmed. */
  scrollback(): string[];
  /** Everything the program wrote so far, escape sequences included. */
  output(): string;
  /** Resizes the pseudo-terminal and the headless terminal (the program gets SIGWINCH). */
  resize(cols: number, rows: number): void;
  /** Waits until the screen satisfies `check`; fails naming what the screen showed. */
  waitFor(check: (screen: string) => boolean, what: string, timeoutMs?: number): Promise<string>;
  /** Resolves with the exit code when the program ends. */
  exited: Promise<number>;
  /** Sends the program a signal (SIGTERM, as a service manager stopping it would). */
  signal(name: NodeJS.Signals): void;
  kill(): void;
}

/** Output quiet for this long ends a frame (a frame's reads come within a millisecond or two). */
const SETTLE_QUIET_MS = 25;
/** A spinner never goes quiet: read the screen anyway after this long. */
const SETTLE_MAX_MS = 300;

/**
 * Spawns a program in a pseudo-terminal and mirrors its output into a headless terminal;
 * `uid`/`gid` run it as another user (a test running as root needs one for permission bits).
 */
export function spawnInPty(
  file: string,
  args: string[],
  options: {
    cwd: string;
    env: Record<string, string>;
    cols?: number;
    rows?: number;
    uid?: number;
    gid?: number;
  },
): PtyScreen {
  let cols = options.cols ?? 100;
  let rows = options.rows ?? 40;
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 10_000 });
  const child = pty.spawn(file, args, {
    name: "xterm-256color",
    cols,
    rows,
    cwd: options.cwd,
    env: options.env,
    ...(options.uid === undefined ? {} : { uid: options.uid, gid: options.gid }),
  });
  let alive = true;
  const written: string[] = [];
  let lastDataAt = Date.now();
  child.onData((data) => {
    lastDataAt = Date.now();
    written.push(data);
    term.write(data);
  });
  const exited = new Promise<number>((resolve) => {
    child.onExit(({ exitCode }) => {
      alive = false;
      // xterm parses what it is given later, in batches: the exit is reported once the last
      // output is on the screen, so a check of the screen after `exited` sees all of it.
      term.write("", () => resolve(exitCode));
    });
  });
  const lines = () => {
    const buffer = term.buffer.active;
    const out: string[] = [];
    for (let i = 0; i < rows; i++) {
      out.push(buffer.getLine(buffer.baseY + i)?.translateToString(true) ?? "");
    }
    return out;
  };
  const scrollback = () => {
    const buffer = term.buffer.active;
    const out: string[] = [];
    for (let i = 0; i < buffer.length; i++) {
      out.push(buffer.getLine(i)?.translateToString(true) ?? "");
    }
    return out;
  };
  const screen = () => lines().join("\n");
  /**
   * The screen once output has paused: one frame can reach the terminal in several reads, and a
   * check passed by its first part would return a screen missing the rest.
   */
  const settledScreen = async (): Promise<string> => {
    const giveUpAt = Date.now() + SETTLE_MAX_MS;
    while (Date.now() - lastDataAt < SETTLE_QUIET_MS && Date.now() < giveUpAt) {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_QUIET_MS));
    }
    await new Promise<void>((resolve) => term.write("", resolve));
    return screen();
  };
  return {
    write: (data) => child.write(data),
    lines,
    scrollback,
    output: () => written.join(""),
    resize: (newCols, newRows) => {
      cols = newCols;
      rows = newRows;
      term.resize(cols, rows);
      if (alive) child.resize(cols, rows);
    },
    exited,
    signal: (name) => {
      if (alive) child.kill(name);
    },
    kill: () => {
      if (alive) child.kill("SIGKILL");
    },
    waitFor: async (check, what, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        // Let pending writes reach the buffer before reading it.
        await new Promise<void>((resolve) => term.write("", resolve));
        const text = screen();
        if (check(text)) {
          // A state that has passed by the time output pauses was still seen: keep its screen.
          const settled = await settledScreen();
          return check(settled) ? settled : text;
        }
        if (Date.now() > deadline) {
          throw new Error(`timed out waiting for ${what}; the screen was:\n${text}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/**
 * The prompt box's first row: the last row that starts (inside the box's border) with the
 * prompt's "> ". Transcript rows are above it; rows below it, such as the slash menu's, may hold
 * a "> " inside their text ("<file> (in …").
 */
export function promptRow(screen: string): string {
  return (
    screen
      .split("\n")
      .filter((row) => row.replace(/^[\s│]*/, "").startsWith("> "))
      .at(-1) ?? ""
  );
}

/**
 * Types a line into the REPL's prompt and presses Enter as its own key once the prompt box shows
 * the text (back-to-back writes reach Ink as one chunk, and Enter would then be typed as text;
 * the text alone is not enough to wait for, since the transcript or the status line may hold it).
 */
export async function typeLine(repl: PtyScreen, text: string, timeoutMs?: number): Promise<void> {
  repl.write(text);
  await repl.waitFor((s) => promptRow(s).includes(`> ${text}`), `"${text}" typed`, timeoutMs);
  repl.write("\r");
}

/** Leaves the REPL with Ctrl+C twice; resolves with its exit code. */
export async function exitWithCtrlC(repl: PtyScreen, timeoutMs?: number): Promise<number> {
  repl.write("\x03");
  await repl.waitFor((s) => s.includes("Press Ctrl+C again to exit"), "the exit hint", timeoutMs);
  repl.write("\x03");
  return repl.exited;
}
