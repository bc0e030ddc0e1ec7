import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type EditorSpawner,
  editorCommand,
  editorInvocation,
  openInEditor,
} from "../../../../src/cli/repl/commands/editor.js";

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-editor-"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A terminal that records raw-mode changes, and a spawner that records when it ran. */
function recorder(status: number | null = 0) {
  const events: string[] = [];
  const terminal = { isTTY: true, setRawMode: (on: boolean) => events.push(`raw ${on}`) };
  const spawn: EditorSpawner = (command, args) => {
    events.push(`spawn ${command} ${args.join(" ")}`);
    return { status };
  };
  return { events, terminal, spawn };
}

describe("choosing the editor", () => {
  it("prefers $VISUAL, then $EDITOR, then vi", () => {
    expect(editorCommand({ VISUAL: "code --wait", EDITOR: "nano" })).toBe("code --wait");
    expect(editorCommand({ VISUAL: " ", EDITOR: "nano" })).toBe("nano");
    expect(editorCommand({})).toBe("vi");
  });

  it("runs the editor through the shell with the file as an argument, never in the text", () => {
    const path = join(dir, "it's $HOME.md");
    expect(editorInvocation("nano -w", path)).toEqual({
      command: "/bin/sh",
      args: ["-c", 'nano -w "$1"', "keel-editor", path],
    });
  });

  it("hands the file to a real shell intact, odd characters and all", async () => {
    const path = join(dir, "it's $HOME.md");
    const script = join(dir, "append.sh");
    await writeFile(script, '#!/bin/sh\nprintf "added\\n" >> "$1"\n', { mode: 0o755 });
    const { command, args } = editorInvocation(script, path);
    expect(spawnSync(command, args).status).toBe(0);
    expect(await readFile(path, "utf8")).toBe("added\n");
  });
});

describe("opening a file in the editor", () => {
  it("creates a missing file and its folder, and turns raw mode off while the editor runs", async () => {
    const { events, terminal, spawn } = recorder();
    const path = join(dir, "new", "CLAUDE.md");
    const outcome = await openInEditor(path, { env: { EDITOR: "ed" }, terminal, spawn });
    expect(outcome).toEqual({ ok: true, editor: "ed" });
    expect(await readFile(path, "utf8")).toBe("");
    expect(events).toEqual([
      "raw false",
      `spawn /bin/sh -c ed "$1" keel-editor ${path}`,
      "raw true",
    ]);
  });

  it("leaves an existing file's text as it is", async () => {
    const path = join(dir, "CLAUDE.md");
    await writeFile(path, "keep me\n");
    await openInEditor(path, { env: {}, terminal: {}, spawn: recorder().spawn });
    expect(await readFile(path, "utf8")).toBe("keep me\n");
  });

  it("says how the editor failed, and gives raw mode back all the same", async () => {
    const { events, terminal, spawn } = recorder(127);
    const outcome = await openInEditor(join(dir, "a.md"), {
      env: { VISUAL: "nosuch" },
      terminal,
      spawn,
    });
    expect(outcome).toEqual({
      ok: false,
      editor: "nosuch",
      problem: "the editor (nosuch) exited with status 127",
    });
    expect(events.at(-1)).toBe("raw true");
  });

  it("reports an editor that could not be started", async () => {
    const outcome = await openInEditor(join(dir, "a.md"), {
      env: {},
      terminal: { isTTY: false },
      spawn: () => ({ status: null, error: new Error("spawn /bin/sh ENOENT") }),
    });
    expect(outcome).toEqual({ ok: false, editor: "vi", problem: "spawn /bin/sh ENOENT" });
  });

  it("gives raw mode back when the spawner throws", async () => {
    const { events, terminal } = recorder();
    const spawn: EditorSpawner = () => {
      throw new Error("boom");
    };
    await expect(openInEditor(join(dir, "a.md"), { env: {}, terminal, spawn })).rejects.toThrow(
      "boom",
    );
    expect(events).toEqual(["raw false", "raw true"]);
  });
});
