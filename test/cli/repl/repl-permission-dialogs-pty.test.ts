import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { anthropicEnv, scriptedServer } from "../../helpers/scripted.js";
import { REPL_PROMPT, sizesToRun, usePtyRepl } from "./pty-repl.js";
import { mainRequests, resultText, sentToolResults } from "./pty-requests.js";
import { exitWithCtrlC, typeLine } from "./pty-screen.js";

const pty = usePtyRepl("keel-perm-dialog");
/** Generous: other test runs share the machine, and nothing here asserts on time. */
const SLOW = 40_000;

/** The whole dialog titled `title` is on screen (a frame can be read half written). */
const drawn = (screen: string, title: string) =>
  screen.includes(title) && screen.includes("what to do differently (esc)");

const toolUse = (name: string, input: Record<string, unknown>) => ({
  content: [{ type: "tool_use", name, input }],
});
const bash = (command: string) => toolUse("Bash", { command, description: "make a file" });

/** Ink clears the terminal and its scrollback this way when its live region reaches the terminal's height. */
const CLEAR_SCROLLBACK = "\u001b[3J";

/** The screen's text without the dialog's border and without line breaks or spaces. */
const squeezed = (screen: string) => screen.replace(/[│╭╮╰╯─\s]/g, "");

describe.each(sizesToRun(0))("permission dialogs at $cols×$rows", (size) => {
  it("shows a new file's content numbered, scrolls it, and writes it once allowed", {
    timeout: 90_000,
  }, async () => {
    const content = Array.from({ length: 80 }, (_, i) => `row ${i + 1} of the new file`).join("\n");
    const file = join(pty.dir, "notes.txt");
    const { server, screen } = await pty.start(
      {
        turns: [
          toolUse("Write", { file_path: file, content: `${content}\n` }),
          { content: "Written." },
        ],
      },
      [],
      SLOW,
      size,
    );
    await typeLine(screen, "write the notes", SLOW);
    const shown = await screen.waitFor((s) => drawn(s, "Create file"), "the Write dialog", SLOW);
    expect(shown).toContain("notes.txt");
    expect(shown).toMatch(/ 1 row 1 of the new file/);
    expect(shown).toContain("Do you want to create notes.txt?");
    expect(shown).toMatch(/lines 1–\d+ of 80/);
    // The whole screen is the terminal's: the dialog left the rows the rest needs.
    expect(screen.lines().length).toBe(size.rows);
    screen.write("\u001b[6~");
    await screen.waitFor((s) => /lines [2-9]\d*–\d+ of 80/.test(s), "the next page", SLOW);
    for (let i = 0; i < 20; i++) screen.write("\u001b[6~");
    const end = await screen.waitFor((s) => /lines \d+–80 of 80/.test(s), "the last page", SLOW);
    expect(end).toMatch(/80 row 80 of the new file/);
    expect(existsSync(file)).toBe(false);
    screen.write("1");
    await screen.waitFor((s) => s.includes("Written."), "the answer", SLOW);
    expect(await readFile(file, "utf8")).toBe(`${content}\n`);
    expect(sentToolResults(server).map((r) => r.is_error ?? false)).toEqual([false]);
    expect(screen.output()).not.toContain(CLEAR_SCROLLBACK);
    expect(await exitWithCtrlC(screen, SLOW)).toBe(0);
    expect(server.violations).toEqual([]);
  });

  it("shows the whole of a long command, wrapped, and its rule in the syntax users write", {
    timeout: 60_000,
  }, async () => {
    const name = `made-${"by-keel-".repeat(12)}end.txt`;
    const command = `touch ${name} && echo done-with-the-long-command`;
    const { server, screen } = await pty.start(
      { turns: [bash(command), { content: "Touched." }] },
      [],
      SLOW,
      size,
    );
    await typeLine(screen, "touch it", SLOW);
    const shown = await screen.waitFor((s) => drawn(s, "Bash command"), "the Bash dialog", SLOW);
    expect(squeezed(shown)).toContain(squeezed(command));
    expect(shown).toContain("done-with-the-long-command");
    expect(squeezed(shown)).toContain(
      squeezed("2. Yes, and don't ask again for Bash(touch:*) in this project"),
    );
    screen.write("4");
    await screen.waitFor((s) => s.includes("❯ 4. No"), "the deny line", SLOW);
    screen.write("not now");
    await screen.waitFor((s) => s.includes("not now"), "the feedback", SLOW);
    screen.write("\r");
    await screen.waitFor((s) => s.includes("Touched."), "the answer", SLOW);
    expect(existsSync(join(pty.dir, name))).toBe(false);
    const [refused] = sentToolResults(server);
    expect(refused?.is_error).toBe(true);
    expect(resultText(refused ?? { tool_use_id: "", content: "" })).toContain("not now");
    expect(server.violations).toEqual([]);
  });
});

describe("'don't ask again for this project' in a pty", { timeout: 90_000 }, () => {
  it("saves the rule to .claude/settings.local.json, keeping its other keys, and asks no more", async () => {
    await mkdir(join(pty.dir, ".claude"));
    const local = join(pty.dir, ".claude", "settings.local.json");
    await writeFile(
      local,
      JSON.stringify({ permissions: { deny: ["Bash(rm:*)"] }, cleanupPeriodDays: 30 }),
    );
    const { server, screen } = await pty.start(
      {
        turns: [
          bash("touch one.txt"),
          { content: "One." },
          bash("touch two.txt"),
          { content: "Two." },
        ],
      },
      [],
      SLOW,
    );
    await typeLine(screen, "make one", SLOW);
    await screen.waitFor(
      (s) => s.includes("don't ask again for Bash(touch:*)"),
      "the dialog",
      SLOW,
    );
    screen.write("2");
    await screen.waitFor((s) => s.includes("One."), "the first answer", SLOW);
    expect(existsSync(join(pty.dir, "one.txt"))).toBe(true);
    expect(JSON.parse(await readFile(local, "utf8"))).toEqual({
      permissions: { deny: ["Bash(rm:*)"], allow: ["Bash(touch:*)"] },
      cleanupPeriodDays: 30,
    });
    await typeLine(screen, "make two", SLOW);
    const second = await screen.waitFor((s) => s.includes("Two."), "the second answer", SLOW);
    expect(second).not.toContain("Bash command");
    expect(existsSync(join(pty.dir, "two.txt"))).toBe(true);
    expect(await exitWithCtrlC(screen, SLOW)).toBe(0);
    expect(server.violations).toEqual([]);

    // The next session reads the rule from the file: it does not ask either.
    const next = await scriptedServer({ turns: [bash("touch three.txt"), { content: "Three." }] });
    const again = pty.spawn([], anthropicEnv(next));
    await again.waitFor((s) => s.includes(REPL_PROMPT), "the prompt", SLOW);
    await typeLine(again, "make three", SLOW);
    const third = await again.waitFor((s) => s.includes("Three."), "the third answer", SLOW);
    expect(third).not.toContain("Bash command");
    expect(existsSync(join(pty.dir, "three.txt"))).toBe(true);
  });

  it("leaves a settings file that is not JSON alone, says so, and keeps the rule for the session", async () => {
    const { server, screen } = await pty.start(
      {
        turns: [
          bash("touch one.txt"),
          { content: "One." },
          bash("touch two.txt"),
          { content: "Two." },
        ],
      },
      [],
      SLOW,
    );
    // Broken while keel runs (a broken file at start-up stops keel: it may hold deny rules).
    await mkdir(join(pty.dir, ".claude"));
    const local = join(pty.dir, ".claude", "settings.local.json");
    await writeFile(local, "{ half written");
    await typeLine(screen, "make one", SLOW);
    await screen.waitFor(
      (s) => s.includes("don't ask again for Bash(touch:*)"),
      "the dialog",
      SLOW,
    );
    screen.write("2");
    const told = await screen.waitFor((s) => s.includes("One."), "the first answer", SLOW);
    expect(squeezed(told)).toContain(squeezed("is not valid JSON"));
    expect(squeezed(told)).toContain(squeezed("Bash(touch:*) is allowed for this session only."));
    expect(await readFile(local, "utf8")).toBe("{ half written");
    await typeLine(screen, "make two", SLOW);
    const second = await screen.waitFor((s) => s.includes("Two."), "the second answer", SLOW);
    expect(second).not.toContain("Bash command");
    expect(existsSync(join(pty.dir, "two.txt"))).toBe(true);
    expect(mainRequests(server)).toHaveLength(4);
    expect(server.violations).toEqual([]);
  });
});

describe("keys meant for the prompt never answer a dialog", { timeout: 60_000 }, () => {
  it("an Enter in the same write as the Enter that sent the prompt runs nothing", async () => {
    const server = await scriptedServer({ turns: [bash("touch stray.txt"), { content: "never" }] });
    const screen = pty.spawn([], { ...anthropicEnv(server), KEEL_DIALOG_KEY_GUARD_MS: "300" });
    await screen.waitFor((s) => s.includes(REPL_PROMPT), "the prompt", SLOW);
    screen.write("touch the stray file\r\r");
    await screen.waitFor((s) => drawn(s, "Bash command"), "the dialog", SLOW);
    // Whatever the second Enter met, the dialog stays up and nothing ran.
    expect(screen.lines().join("\n")).toContain("Do you want to proceed?");
    expect(existsSync(join(pty.dir, "stray.txt"))).toBe(false);
    expect(mainRequests(server)).toHaveLength(1);
    expect(await exitWithCtrlC(screen, SLOW)).toBe(0);
    expect(existsSync(join(pty.dir, "stray.txt"))).toBe(false);
    expect(mainRequests(server)).toHaveLength(1);
  });

  it("text and Enter typed as the dialog comes up go to the prompt, shown there, and answer nothing", async () => {
    const server = await scriptedServer({ turns: [bash("touch typed.txt"), { content: "Ran." }] });
    // A guard far longer than the test: the keys below are certain to fall inside it.
    const screen = pty.spawn([], { ...anthropicEnv(server), KEEL_DIALOG_KEY_GUARD_MS: "600000" });
    await screen.waitFor((s) => s.includes(REPL_PROMPT), "the prompt", SLOW);
    await typeLine(screen, "touch the typed file", SLOW);
    await screen.waitFor((s) => drawn(s, "Bash command"), "the dialog", SLOW);
    screen.write("1\r");
    screen.write("and more");
    const typed = await screen.waitFor((s) => s.includes("> 1and more"), "the typed text", SLOW);
    expect(typed).toContain("Do you want to proceed?");
    expect(existsSync(join(pty.dir, "typed.txt"))).toBe(false);
    expect(mainRequests(server)).toHaveLength(1);
  });
});
