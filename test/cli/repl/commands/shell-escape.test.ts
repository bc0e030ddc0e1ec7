import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CappedText } from "../../../../src/cli/repl/commands/capped-text.js";
import {
  runShell,
  shellRecord,
  shellView,
} from "../../../../src/cli/repl/commands/shell-escape.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-shell-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const env = { PATH: process.env.PATH ?? "", GREETING: "hello" };

describe("!cmd", () => {
  it("runs with bash -c in the working folder and keeps stdout, stderr and the exit code", async () => {
    const outcome = await runShell("pwd; echo $GREETING; echo oops >&2; exit 3", {
      cwd: dir,
      env,
      signal: new AbortController().signal,
    });
    expect(outcome).toEqual({
      stdout: `${dir}\nhello\n`,
      stderr: "oops\n",
      code: 3,
      interrupted: false,
    });
    expect(shellView(outcome)).toEqual({
      text: `${dir}\nhello\noops\n(exit code 3)`,
      failed: true,
    });
  });

  it("kills the command and what it started when the signal aborts", async () => {
    const abort = new AbortController();
    const running = runShell("sleep 30 & echo started; wait", {
      cwd: dir,
      env,
      signal: abort.signal,
    });
    // The abort comes after the command started; what ended it is the kill, not the sleep.
    setImmediate(() => abort.abort());
    const outcome = await running;
    expect(outcome.interrupted).toBe(true);
    expect(outcome.code).toBeNull();
    expect(shellView(outcome).text).toMatch(/\(interrupted\)$/);
  });

  it("records the command and its output as Claude Code's bash tags", () => {
    expect(
      shellRecord("ls", { stdout: "a\nb\n", stderr: "", code: 0, interrupted: false }),
    ).toEqual([
      "<bash-input>ls</bash-input>",
      "<bash-stdout>a\nb</bash-stdout><bash-stderr></bash-stderr>",
    ]);
  });

  it("cuts long output and says so", () => {
    const stdout = Array.from({ length: 25 }, (_, i) => `line ${i + 1}`).join("\n");
    const view = shellView({ stdout, stderr: "", code: 0, interrupted: false });
    expect(view.text.split("\n")).toHaveLength(21);
    expect(view.text).toMatch(/… \+5 lines$/);
    expect(shellView({ stdout: "", stderr: "", code: 0, interrupted: false }).text).toBe(
      "(no output)",
    );
  });

  it("keeps only the head and tail of long output, and says how much was cut", async () => {
    const outcome = await runShell("head -c 100000 /dev/zero | tr '\\0' x; echo END", {
      cwd: dir,
      env,
      signal: new AbortController().signal,
    });
    expect(outcome.stdout.length).toBeLessThan(31_000);
    expect(outcome.stdout).toContain("[70004 characters of output cut]");
    expect(outcome.stdout.startsWith("xxxx")).toBe(true);
    expect(outcome.stdout.endsWith("xEND\n")).toBe(true);
    expect(shellRecord("big", outcome)[1]).toContain("characters of output cut");
  });

  it("cuts across chunks at the same place as in one piece", () => {
    const whole = new CappedText(10);
    whole.add("abcdefghijklmnop");
    const parts = new CappedText(10);
    for (const c of "abcdefghijklmnop") parts.add(c);
    expect(parts.text()).toBe(whole.text());
    expect(whole.text()).toBe("abcde\n… [6 characters of output cut] …\nlmnop");
  });

  it("shows output without escape sequences or control characters", () => {
    const view = shellView({
      stdout: "\u001b[2Jred\u001b[31m text\u0007\n",
      stderr: "",
      code: 0,
      interrupted: false,
    });
    expect(view.text).toBe("red text");
  });
});
