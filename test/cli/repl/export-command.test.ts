import { mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { copyThroughTerminal } from "../../../src/cli/repl/commands/osc52.js";
import type { ReplController } from "../../../src/cli/repl/repl-controller.js";
import { scriptedEngine } from "../../session/engine/helpers.js";
import { answerNotice, controllerFor, notices, pickerOpen, texts, until } from "./repl-harness.js";

let dir: string;
beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-export-command-")));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A terminal's output: what was written to it, as one string. */
function terminal(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY });
  let written = "";
  stream.on("data", (chunk: Buffer) => {
    written += chunk.toString("utf8");
  });
  return { stream, written: () => written };
}

const EXPECTED = [
  "> look it up",
  "⏺ Let me look.",
  '⏺ Lookup({"q":"parsers"})',
  "  ⎿ <tool_use_error>Error: No such tool available: Lookup</tool_use_error> (error)",
  "⏺ Parsers parse.\n  Line two.",
].join("\n\n");

async function conversation(isTTY: boolean) {
  const { engine } = scriptedEngine({
    turns: [
      {
        content: [
          { type: "text", text: "Let me look." },
          { type: "tool_use", name: "Lookup", input: { q: "parsers" } },
        ],
      },
      { content: "Parsers parse.\nLine two." },
    ],
  });
  const screen = terminal(isTTY);
  const session = {
    engine,
    copyToClipboard: (text: string) => copyThroughTerminal(screen.stream, text),
    dispose: async () => {},
  };
  const controller = controllerFor(session, dir);
  controller.submit("look it up");
  await until(
    controller,
    (s) => texts(s, "assistant").some((t) => t.includes("Line two.")),
    "the answer",
  );
  return { controller, screen };
}

/** Runs `/export`, picks an option of its question, and waits for the notice that follows. */
async function exportPicking(controller: ReplController, index: number) {
  const before = notices(controller.store.get()).length;
  controller.submit("/export");
  await pickerOpen(controller);
  const picker = controller.overlay.get().picker;
  picker?.choose(index);
  const state = await until(controller, (s) => notices(s).length > before, "the notice");
  return { picker, shown: notices(state)[before] };
}

describe("/export in the REPL", () => {
  it("writes the conversation as plain text to the file in the working folder, replacing one there", async () => {
    const { controller } = await conversation(true);
    await writeFile(join(dir, "talk.md"), "old contents");
    const shown = await answerNotice(controller, "/export talk.md");
    expect(shown).toEqual({
      text: `Conversation exported to: ${join(dir, "talk.md")}`,
      tone: "info",
    });
    const written = await readFile(join(dir, "talk.md"), "utf8");
    expect(written.startsWith(EXPECTED)).toBe(true);
    expect(written).not.toContain("old contents");

    const refused = await answerNotice(controller, "/export missing/folder/x.txt");
    expect(refused?.tone).toBe("error");
    expect(refused?.text).toContain(
      `/export: could not write ${join(dir, "missing/folder/x.txt")}`,
    );
  });

  it("with no file asks: copy through OSC 52, or save to a file named for the day and first prompt", async () => {
    const { controller, screen } = await conversation(true);
    const { picker, shown } = await exportPicking(controller, 0);
    expect(picker?.title).toBe("Export Conversation");
    expect(picker?.options).toEqual([
      { label: "Copy to clipboard", detail: "through the terminal (OSC 52)" },
      { label: "Save to file", detail: "1970-01-01-look-it-up.txt" },
    ]);
    expect(shown?.tone).toBe("info");
    expect(shown?.text).toMatch(/^Conversation copied to the clipboard \(\d+ characters/);
    const written = screen.written();
    const [start, end] = ["\u001b]52;c;", "\u0007"];
    expect(written.startsWith(start) && written.endsWith(end)).toBe(true);
    const copied = Buffer.from(written.slice(start.length, -end.length), "base64").toString("utf8");
    expect(copied.startsWith(EXPECTED)).toBe(true);

    const saved = await exportPicking(controller, 1);
    const path = join(dir, "1970-01-01-look-it-up.txt");
    expect(saved.shown).toEqual({ text: `Conversation exported to: ${path}`, tone: "info" });
    expect(await readFile(path, "utf8")).toBe(copied);
  });

  it("says so when there is no terminal to copy to, and writes nothing to it", async () => {
    const piped = await conversation(false);
    const { shown } = await exportPicking(piped.controller, 0);
    expect(shown).toEqual({
      text: "/export: no terminal to copy to here; give a file instead: /export <file>",
      tone: "error",
    });
    expect(piped.screen.written()).toBe("");
  });
});
