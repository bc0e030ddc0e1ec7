import { describe, expect, it, vi } from "vitest";
import type { EditorOutcome } from "../../../src/cli/repl/commands/editor.js";
import { ReplController, type ReplSession } from "../../../src/cli/repl/repl-controller.js";
import { scriptedEngine } from "../../session/engine/helpers.js";
import { pickerOpen, texts, until } from "./repl-harness.js";

/** A controller whose session opens files in a recording "editor". */
function build(outcome: EditorOutcome = { ok: true, editor: "nano" }) {
  const { engine } = scriptedEngine({ turns: [] });
  const opened: string[] = [];
  const reload = vi.spyOn(engine, "reloadContext");
  const session: ReplSession = {
    engine,
    home: "/home/ann",
    memory: async () => [
      { path: "/home/ann/.claude/CLAUDE.md", kind: "user", size: 3 },
      { path: "/project/.claude/rules/ts.md", kind: "project rule", size: 5 },
    ],
    editFile: async (path) => {
      opened.push(path);
      return outcome;
    },
    dispose: async () => {},
  };
  const controller = new ReplController({
    cwd: "/project",
    model: "claude-sonnet-5",
    session,
    openSession: async () => session,
    recordPrompt: async () => {},
    now: () => 0,
  });
  return { controller, opened, reload };
}

describe("/memory in the REPL", () => {
  it("offers the project's and user's CLAUDE.md and the loaded files", async () => {
    const { controller } = build();
    controller.submit("/memory");
    await pickerOpen(controller);
    const picker = controller.overlay.get().picker;
    expect(picker?.title).toBe("Open which memory file in the editor?");
    expect(picker?.options.map((o) => o.label)).toEqual([
      "Project memory",
      "User memory",
      "./.claude/rules/ts.md",
    ]);
  });

  it("opens the chosen file, then has the next turn read the memory again", async () => {
    const { controller, opened, reload } = build();
    controller.submit("/memory");
    await pickerOpen(controller);
    controller.overlay.get().picker?.choose(0);
    const state = await until(
      controller,
      (s) => texts(s, "notice").some((t) => t.startsWith("Edited")),
      "the edit notice",
    );
    expect(opened).toEqual(["/project/CLAUDE.md"]);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(texts(state, "notice")).toContain(
      "Edited ./CLAUDE.md with nano (set $VISUAL or $EDITOR to change it). The memory is re-read for the next turn.",
    );
  });

  it("says when the editor failed, and still re-reads the memory", async () => {
    const { controller, reload } = build({
      ok: false,
      editor: "nosuch",
      problem: "the editor (nosuch) exited with status 127",
    });
    controller.submit("/memory");
    await pickerOpen(controller);
    controller.overlay.get().picker?.choose(1);
    const state = await until(
      controller,
      (s) => texts(s, "notice").some((t) => t.includes("status 127")),
      "the failure notice",
    );
    expect(texts(state, "notice")).toContain(
      "~/.claude/CLAUDE.md: the editor (nosuch) exited with status 127. The memory is re-read for the next turn.",
    );
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("lists the loaded files with /memory list, opening nothing", async () => {
    const { controller, opened } = build();
    controller.submit("/memory list");
    const state = await until(controller, (s) => texts(s, "notice").length > 0, "the list");
    expect(texts(state, "notice")[0]).toContain("Memory files loaded:");
    expect(controller.overlay.get().picker).toBeUndefined();
    expect(opened).toEqual([]);
  });

  it("answers other arguments with the usage", async () => {
    const { controller } = build();
    controller.submit("/memory edit");
    const state = await until(controller, (s) => texts(s, "notice").length > 0, "the usage");
    expect(texts(state, "notice")).toEqual([
      "Usage: /memory (pick a file to edit) or /memory list",
    ]);
  });
});
