import { existsSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sizesToRun, usePtyRepl } from "./pty-repl.js";
import { resultText, sentToolResults } from "./pty-requests.js";
import { exitWithCtrlC, type PtyScreen, typeLine } from "./pty-screen.js";

const pty = usePtyRepl("keel-modes");
/** Generous: other test runs share the machine, and nothing here asserts on time. */
const SLOW = 40_000;

const SHIFT_TAB = "\u001b[Z";
const ACCEPT_EDITS = "⏵⏵ accept edits on (shift+tab to cycle)";
const PLAN = "⏸ plan mode on (shift+tab to cycle)";
const AUTO = "⏵⏵ auto mode on (shift+tab to cycle)";
const BYPASS = "⏵⏵ bypass permissions on (shift+tab to cycle)";

/** The whole dialog titled `title` is on screen (a frame can be read half written). */
const drawn = (screen: string, title: string) =>
  screen.includes(title) && screen.includes("what to do differently (esc)");

const toolUse = (name: string, input: Record<string, unknown>) => ({
  content: [{ type: "tool_use", name, input }],
});

/** The mode line under the prompt, or "" in default mode (there is none then). */
function modeLine(screen: string): string {
  return (
    screen
      .split("\n")
      .find((row) => row.includes("(shift+tab to cycle)") && !row.includes("permission mode:")) ??
    ""
  );
}

async function pressShiftTab(screen: PtyScreen, expected: string): Promise<void> {
  screen.write(SHIFT_TAB);
  await screen.waitFor((s) => modeLine(s).includes(expected), `the mode line "${expected}"`, SLOW);
}

describe.each(sizesToRun(1))("Shift+Tab at $cols×$rows", (size) => {
  it("cycles default → acceptEdits → plan → auto → default, shown under the prompt", {
    timeout: 60_000,
  }, async () => {
    const { screen } = await pty.start({ turns: [{ content: "unused" }] }, [], SLOW, size);
    expect(modeLine(screen.lines().join("\n"))).toBe("");
    await pressShiftTab(screen, ACCEPT_EDITS);
    await pressShiftTab(screen, PLAN);
    await pressShiftTab(screen, AUTO);
    screen.write(SHIFT_TAB);
    await screen.waitFor((s) => modeLine(s) === "", "default mode again", SLOW);
    // Keys read together: two presses at once go two steps.
    screen.write(SHIFT_TAB + SHIFT_TAB);
    await screen.waitFor((s) => modeLine(s).includes(PLAN), "plan mode", SLOW);
    const rows = screen.lines();
    const prompt = rows.findLastIndex((row) => row.startsWith("╰"));
    expect(rows.findIndex((row) => row.includes(PLAN))).toBeGreaterThan(prompt);
    expect(screen.output()).not.toContain("bypass permissions");
  });
});

describe("permission modes by their effect, in a pty", { timeout: 90_000 }, () => {
  it("acceptEdits runs an Edit without a dialog; plan mode refuses a Write", async () => {
    const file = join(pty.dir, "calc.js");
    await writeFile(file, "export const add = (a, b) => a - b;\n");
    const planned = join(pty.dir, "plan.md");
    const { server, screen } = await pty.start(
      {
        turns: [
          toolUse("Read", { file_path: file }),
          toolUse("Edit", { file_path: file, old_string: "a - b", new_string: "a + b" }),
          { content: "Fixed it." },
          toolUse("Write", { file_path: planned, content: "# Plan\n" }),
          { content: "Could not write." },
        ],
      },
      [],
      SLOW,
    );
    await pressShiftTab(screen, ACCEPT_EDITS);
    await typeLine(screen, "fix the sign", SLOW);
    await screen.waitFor((s) => s.includes("Fixed it."), "the answer", SLOW);
    expect(await readFile(file, "utf8")).toBe("export const add = (a, b) => a + b;\n");
    expect(screen.output()).not.toContain("Do you want to make this edit");
    expect(sentToolResults(server).map((r) => r.is_error ?? false)).toEqual([false, false]);

    await pressShiftTab(screen, PLAN);
    await typeLine(screen, "write the plan down", SLOW);
    const refused = await screen.waitFor((s) => s.includes("Could not write."), "the answer", SLOW);
    expect(existsSync(planned)).toBe(false);
    const last = sentToolResults(server).at(-1);
    expect(last?.is_error).toBe(true);
    expect(resultText(last ?? { tool_use_id: "", content: "" })).toContain("plan mode");
    expect(refused).not.toContain("Create file");
    expect(refused).not.toContain("tool_use_error");
    expect(server.violations).toEqual([]);
  });

  it("the Edit dialog shows the numbered diff; Shift+Tab there accepts all edits from then on", async () => {
    const file = join(pty.dir, "calc.js");
    const lines = Array.from({ length: 12 }, (_, i) => `const v${i + 1} = ${i + 1};`);
    await writeFile(file, `${lines.join("\n")}\n`);
    const { server, screen } = await pty.start(
      {
        turns: [
          toolUse("Read", { file_path: file }),
          toolUse("Edit", { file_path: file, old_string: "v7 = 7", new_string: "v7 = 70" }),
          toolUse("Edit", { file_path: file, old_string: "v9 = 9", new_string: "v9 = 90" }),
          { content: "Both changed." },
        ],
      },
      [],
      SLOW,
    );
    await typeLine(screen, "change two values", SLOW);
    const dialog = await screen.waitFor((s) => drawn(s, "Edit file"), "the Edit dialog", SLOW);
    expect(dialog).toContain("calc.js");
    expect(dialog).toMatch(/ 6 {2}const v6 = 6;/);
    expect(dialog).toMatch(/ 7 -const v7 = 7;/);
    expect(dialog).toMatch(/ 7 \+const v7 = 70;/);
    expect(dialog).toContain("Do you want to make this edit to calc.js?");
    expect(dialog).toContain("2. Yes, allow all edits during this session (shift+tab)");
    screen.write(SHIFT_TAB);
    // The answer and the mode line can arrive in separate reads of one frame: wait for both.
    await screen.waitFor(
      (s) => s.includes("Both changed.") && modeLine(s).includes(ACCEPT_EDITS),
      "the answer, in acceptEdits",
      SLOW,
    );
    const after = await readFile(file, "utf8");
    expect(after).toContain("const v7 = 70;");
    expect(after).toContain("const v9 = 90;");
    // One key answered one dialog: the second edit ran in acceptEdits, or the turn would wait.
    expect(sentToolResults(server).map((r) => r.is_error ?? false)).toEqual([false, false, false]);
    expect(server.violations).toEqual([]);
  });

  it("bypassPermissions is in the cycle only when keel was started in it", async () => {
    const { screen } = await pty.start(
      { turns: [{ content: "unused" }] },
      ["--dangerously-skip-permissions"],
      SLOW,
    );
    await screen.waitFor((s) => modeLine(s).includes(BYPASS), "bypass on", SLOW);
    screen.write(SHIFT_TAB);
    await screen.waitFor((s) => modeLine(s) === "", "default mode", SLOW);
    await pressShiftTab(screen, ACCEPT_EDITS);
    await pressShiftTab(screen, PLAN);
    await pressShiftTab(screen, AUTO);
    await pressShiftTab(screen, BYPASS);
  });

  it("the chosen mode outlives /clear", async () => {
    const written = join(pty.dir, "after-clear.txt");
    const { screen } = await pty.start(
      {
        turns: [
          toolUse("Write", { file_path: written, content: "kept\n" }),
          { content: "Wrote it." },
        ],
      },
      [],
      SLOW,
    );
    await pressShiftTab(screen, ACCEPT_EDITS);
    await typeLine(screen, "/clear", SLOW);
    await screen.waitFor(
      (s) => !s.includes("> /clear") && modeLine(s).includes(ACCEPT_EDITS),
      "the cleared screen",
      SLOW,
    );
    await typeLine(screen, "write it", SLOW);
    await screen.waitFor((s) => s.includes("Wrote it."), "the answer", SLOW);
    expect(await readFile(written, "utf8")).toBe("kept\n");
    expect(screen.output()).not.toContain("Do you want to create");
  });
});

describe("the start and the end of a REPL session, in a pty", { timeout: 60_000 }, () => {
  it("starts with the model, the folder, the mode and /help; ends saying how to resume", async () => {
    const { server, screen } = await pty.start({ turns: [{ content: "Hello back." }] }, [], SLOW);
    const start = screen.lines().join("\n");
    expect(start).toContain("✻ keel 0.1.0 · claude-sonnet-5 · /help lists commands and keys");
    expect(start).toContain(pty.dir);
    expect(start).toContain("permission mode: default (shift+tab to cycle)");
    await typeLine(screen, "hello", SLOW);
    await screen.waitFor((s) => s.includes("Hello back."), "the answer", SLOW);
    expect(await exitWithCtrlC(screen, SLOW)).toBe(0);
    const said = screen.output().match(/keel --resume ([0-9a-f-]{36})/);
    expect(said).not.toBeNull();
    const folders = await readdir(join(pty.stateDir, "projects"));
    const transcripts = await Promise.all(
      folders.map((f) => readdir(join(pty.stateDir, "projects", f))),
    );
    expect(transcripts.flat()).toContain(`${said?.[1]}.jsonl`);
    expect(server.violations).toEqual([]);
  });

  it("says nothing about resuming when nothing was said", async () => {
    const { screen } = await pty.start({ turns: [{ content: "unused" }] }, [], SLOW);
    expect(await exitWithCtrlC(screen, SLOW)).toBe(0);
    expect(screen.output()).not.toContain("keel --resume");
  });

  it("shows a tool's error without the <tool_use_error> tags the model reads", async () => {
    const { server, screen } = await pty.start(
      { turns: [toolUse("Read", { path: "nowhere" }), { content: "Read failed." }] },
      [],
      SLOW,
    );
    await typeLine(screen, "read it", SLOW);
    const shown = await screen.waitFor((s) => s.includes("Read failed."), "the answer", SLOW);
    expect(resultText(sentToolResults(server)[0] ?? { tool_use_id: "", content: "" })).toContain(
      "<tool_use_error>",
    );
    expect(shown).toContain("InputValidationError");
    expect(shown).not.toContain("tool_use_error");
  });
});
