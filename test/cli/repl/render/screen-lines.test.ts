import xterm from "@xterm/headless";
import { describe, expect, it } from "vitest";
import { ScreenLines } from "../../../../src/cli/repl/render/screen-lines.js";

/** What Ink's log-update writes to erase its last frame of `count` lines (ansi-escapes). */
const eraseLines = (count: number) =>
  count === 0 ? "" : `${"\x1b[2K\x1b[1A".repeat(count - 1)}\x1b[2K\x1b[G`;

/** A frame as Ink draws it at `cols`: a prompt box as wide as the terminal and a status line. */
function frame(cols: number, text: string): string {
  const inner = cols - 2;
  return [
    `╭${"─".repeat(inner)}╮`,
    `│ > ${text}${" ".repeat(inner - 3 - text.length)}│`,
    `╰${"─".repeat(inner)}╯`,
    "keel · /help",
    "",
  ].join("\n");
}

function terminal(cols: number, rows: number) {
  // A pty turns "\n" into "\r\n" (onlcr); the headless terminal is written to directly.
  const term = new xterm.Terminal({
    cols,
    rows,
    allowProposedApi: true,
    scrollback: 1000,
    convertEol: true,
  });
  const write = (data: string) => new Promise<void>((resolve) => term.write(data, resolve));
  const all = () => {
    const buffer = term.buffer.active;
    const out: string[] = [];
    for (let i = 0; i < buffer.length; i++) {
      out.push(buffer.getLine(i)?.translateToString(true) ?? "");
    }
    return out;
  };
  return { term, write, all };
}

/** Static lines, a frame at 60 columns, the terminal narrowed to 25, Ink's erase and new frame. */
async function narrowed(translate: boolean) {
  const { term, write, all } = terminal(60, 12);
  const lines = new ScreenLines(() => term.cols);
  const send = (data: string) => write(translate ? lines.follow(data) : data);
  await send("static-1\nstatic-2\nstatic-3\n");
  await send(frame(60, "hello"));
  term.resize(25, 12);
  // Ink on a narrower terminal: erase its frame (4 lines and the cursor's), draw it again.
  await send(eraseLines(5));
  await send(frame(25, "hello"));
  return all().filter((row) => row.trim() !== "");
}

describe("ScreenLines: Ink's erases in rows of the terminal's width now", () => {
  it("erases every rewrapped row of the live region when the terminal narrows", async () => {
    const rows = await narrowed(true);
    expect(rows.slice(0, 3)).toEqual(["static-1", "static-2", "static-3"]);
    expect(rows.filter((row) => row.includes("╭"))).toHaveLength(1);
    expect(rows.filter((row) => row.includes("/help"))).toHaveLength(1);
    expect(rows.at(-1)).toBe("keel · /help");
  });

  it("without it, the narrowed terminal keeps the old prompt box's remains", async () => {
    const rows = await narrowed(false);
    expect(rows.filter((row) => row.includes("╭")).length).toBeGreaterThan(1);
  });

  it("leaves what Ink writes alone while every line fits the terminal", () => {
    const lines = new ScreenLines(() => 80);
    const data = `static\n${frame(80, "a")}${eraseLines(5)}${frame(80, "ab")}`;
    expect(lines.follow(data)).toBe(data);
  });

  it("moves up one row per line again once the terminal is wide enough", async () => {
    const { term, write, all } = terminal(60, 12);
    const lines = new ScreenLines(() => term.cols);
    const send = (data: string) => write(lines.follow(data));
    await send("static\n");
    await send(frame(60, "one"));
    term.resize(30, 12);
    await send(eraseLines(5) + frame(30, "two"));
    term.resize(60, 12);
    await send(eraseLines(5) + frame(60, "three"));
    const rows = all().filter((row) => row.trim() !== "");
    expect(rows[0]).toBe("static");
    expect(rows.filter((row) => row.includes("╭"))).toHaveLength(1);
    expect(rows.some((row) => row.includes("> three"))).toBe(true);
  });
});
