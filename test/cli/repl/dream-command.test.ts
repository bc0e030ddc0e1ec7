import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rm,
  utimes,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { autoMemoryView } from "../../../src/cli/repl/commands/auto-memory-view.js";
import type { ReplController } from "../../../src/cli/repl/repl-controller.js";
import { type SessionDreamParts, sessionDream } from "../../../src/cli/repl/session-dream.js";
import { createAutoMemorySwitch } from "../../../src/memory/auto-memory-switch.js";
import { parseModelString } from "../../../src/model/model-string.js";
import { createProvider } from "../../../src/model/select.js";
import { scriptedEngine } from "../../session/engine/helpers.js";
import { controllerFor, texts, until } from "./repl-harness.js";

let root: string;
let stateDir: string;
let transcripts: string;
let memory: string;

const NOW = Date.UTC(2026, 5, 1, 12, 0, 0);

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), "keel-dream-command-")));
  stateDir = join(root, "state");
  transcripts = join(stateDir, "projects", "-repo");
  memory = join(transcripts, "memory");
  await mkdir(memory, { recursive: true });
  await writeFile(join(memory, "MEMORY.md"), "- [Tabs](user_tabs.md) — tabs\n");
  await writeFile(join(memory, "user_tabs.md"), "---\nname: tabs\ntype: user\n---\nTabs.\n");
  await writeFile(join(transcripts, "earlier.jsonl"), '{"type":"user","message":"use tabs"}\n');
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const tool = (name: string, input: Record<string, unknown>) => ({ type: "tool_use", name, input });

async function dreamParts(turns: unknown[], memoryDir: string | undefined) {
  const file = join(root, "dream.json");
  await writeFile(file, JSON.stringify({ turns }));
  const env = { HOME: root, KEEL_CONFIG_DIR: stateDir, PATH: process.env.PATH ?? "" };
  const model = `scripted:${file}`;
  let clock = NOW;
  const parts: SessionDreamParts = {
    memoryDir: () => memoryDir,
    stateDir,
    transcriptsDir: transcripts,
    sessionId: "current",
    provider: await createProvider(parseModelString(model), env),
    model: () => model,
    env,
    now: () => clock++,
  };
  return parts;
}

function replWith(parts: SessionDreamParts): ReplController {
  const session = {
    engine: scriptedEngine({ turns: [] }).engine,
    dream: sessionDream(parts),
    dispose: async () => {},
  };
  return controllerFor(session, root);
}

function lastNotice(controller: ReplController, prefix: string) {
  return until(
    controller,
    (s) => texts(s, "notice").some((text) => text.startsWith(prefix)),
    `a notice starting ${prefix}`,
  ).then((s) => texts(s, "notice").find((text) => text.startsWith(prefix)));
}

describe("/dream in the REPL", () => {
  it("runs the scripted pass over the session's memory folder and ends with its summary", async () => {
    const parts = await dreamParts(
      [
        {
          content: [
            tool("Grep", { pattern: "tabs", path: transcripts }),
            tool("Read", { file_path: join(memory, "user_tabs.md") }),
          ],
        },
        {
          content: [
            tool("Write", {
              file_path: join(memory, "user_tabs.md"),
              content: "---\nname: tabs\ntype: user\n---\nThe user indents with tabs.\n",
            }),
          ],
        },
        { content: "Rewrote the tabs memory." },
      ],
      memory,
    );
    const controller = replWith(parts);
    controller.submit("/dream");
    const summary = await lastNotice(controller, "Dream:");
    const backups = join(transcripts, "memory-backups");
    const [backup] = await readdir(backups);
    expect(summary).toBe(
      `Dream: merged or rewrote 1, removed 0, added 0 memory files; backup at ${join(backups, backup ?? "")}`,
    );
    expect(await readFile(join(memory, "user_tabs.md"), "utf8")).toContain("indents with tabs");
    expect(await readFile(join(backups, backup ?? "", "user_tabs.md"), "utf8")).toContain("Tabs.");
    const shown = texts(controller.store.get(), "notice");
    expect(shown).toContain("  dream: Grep");
    expect(shown).toContain("  dream: Write");
    expect(controller.store.get().busy).toBe(false);
  });

  it("says why not when auto memory is off, and runs nothing", async () => {
    const parts = await dreamParts([{ content: "never asked" }], undefined);
    const controller = replWith(parts);
    controller.submit("/dream");
    expect(await lastNotice(controller, "Auto memory is off")).toContain("/memory auto on");
    expect(await readdir(transcripts)).not.toContain("memory-backups");
  });

  it("stops on Esc, says so, and leaves the lock's time as it was", async () => {
    const stalled = { content: "never sent", faults: [{ type: "stall", ms: 600_000 }] };
    const parts = await dreamParts([stalled], memory);
    const controller = replWith(parts);
    controller.submit("/dream");
    // The agent's first request stalls: whenever Esc comes, the pass is still running.
    await until(controller, (s) => s.busy, "the dream running");
    controller.interrupt();
    expect(await lastNotice(controller, "Dream stopped (Esc)")).toContain("backup");
    await until(controller, (s) => !s.busy, "the REPL idle again");
    // No dream before this one: the rolled-back lock is gone, so the time gate stays open.
    expect(await readdir(memory)).not.toContain(".consolidate-lock");
  });

  it("leaves the folder alone when another live dream holds its lock", async () => {
    const parts = await dreamParts([{ content: "never asked" }], memory);
    const lock = join(memory, ".consolidate-lock");
    // The parent of this test process is alive: its PID on a lock taken just now is a running dream.
    await writeFile(lock, String(process.ppid));
    await utimes(lock, NOW / 1000, NOW / 1000);
    const controller = replWith(parts);
    controller.submit("/dream");
    const line = await lastNotice(controller, "Another dream is running");
    expect(line).toContain(`PID ${process.ppid}`);
    expect(await readdir(transcripts)).not.toContain("memory-backups");
    expect(controller.store.get().busy).toBe(false);
  });
});

describe("/memory and auto memory", () => {
  /** A controller whose session has auto memory switchable (on in `memory` at first). */
  function withSwitch(env: Record<string, string> = {}) {
    const place = { stateDir, cwd: root, env, bare: false, print: false };
    const view = autoMemoryView(
      createAutoMemorySwitch(place, memory, () => {}),
      stateDir,
    );
    const session = {
      engine: scriptedEngine({ turns: [] }).engine,
      autoMemory: view,
      dispose: async () => {},
    };
    return controllerFor(session, root);
  }

  it("shows whether auto memory is on and where, and switches it, saving the choice", async () => {
    const on = withSwitch();
    on.submit("/memory list");
    expect(await lastNotice(on, "Auto memory:")).toBe(
      `Auto memory: on, in ${memory} (/dream tidies it; /memory auto off turns it off).`,
    );
    on.submit("/memory auto on");
    await until(
      on,
      (st) => texts(st, "notice").some((t) => t.endsWith("Nothing to change.")),
      "nothing to change",
    );
    on.submit("/memory auto off");
    const switched = await lastNotice(on, "Auto memory: off");
    const settings = join(stateDir, "settings.json");
    expect(switched).toBe(
      `Auto memory: off for this session (/memory auto on turns it on). It applies from the next turn; saved as "autoMemoryEnabled": false in ${settings}.`,
    );
    expect(JSON.parse(await readFile(settings, "utf8"))).toEqual({ autoMemoryEnabled: false });
    on.submit("/memory auto sideways");
    expect(await lastNotice(on, "Usage: /memory auto")).toBe("Usage: /memory auto [on|off]");
  });

  it("leaves it as it is when CLAUDE_CODE_DISABLE_AUTO_MEMORY decides", async () => {
    const fixed = withSwitch({ CLAUDE_CODE_DISABLE_AUTO_MEMORY: "0" });
    fixed.submit("/memory auto off");
    expect(await lastNotice(fixed, "Auto memory was not switched")).toBe(
      "Auto memory was not switched: CLAUDE_CODE_DISABLE_AUTO_MEMORY decides auto memory for this session.",
    );
    await expect(readFile(join(stateDir, "settings.json"), "utf8")).rejects.toThrow();
  });
});
