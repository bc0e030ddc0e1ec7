import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { InkStdout } from "../../../../src/cli/repl/render/ink-stdout.js";

/** A terminal's stdout as far as InkStdout reads it: what is written, its size, resizes. */
function terminal(columns: number, rows: number) {
  const stream = Object.assign(new PassThrough(), { columns, rows, isTTY: true });
  const written: string[] = [];
  stream.on("data", (chunk: Buffer) => written.push(chunk.toString()));
  return { stream, written, target: stream as unknown as NodeJS.WriteStream };
}

describe("InkStdout, the stdout Ink draws on", () => {
  it("tells Ink the terminal has no bottom, and the REPL its real height", () => {
    const { target } = terminal(80, 24);
    const screen = new InkStdout(target);
    expect(screen.columns).toBe(80);
    expect(screen.rows).toBeGreaterThan(1_000_000);
    expect(screen.screenRows).toBe(24);
    screen.destroy();
  });

  it("passes resizes on, until it is destroyed", () => {
    const { stream, target } = terminal(80, 24);
    const screen = new InkStdout(target);
    let resized = 0;
    screen.on("resize", () => resized++);
    stream.emit("resize");
    screen.destroy();
    stream.emit("resize");
    expect(resized).toBe(1);
  });

  it("clears the scrollback only when asked; otherwise scrolls the screen into it", async () => {
    const { written, target } = terminal(80, 4);
    const screen = new InkStdout(target);
    screen.freshScreen(false);
    screen.freshScreen(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toEqual(["\n\n\n\n\x1b[H", "\x1b[2J\x1b[3J\x1b[H"]);
    screen.destroy();
  });
});
