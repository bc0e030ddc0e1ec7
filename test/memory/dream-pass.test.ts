import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runDreamPass } from "../../src/memory/dream-pass.js";
import type { SdkMessage } from "../../src/session/sdk-messages.js";

let root: string;
let memory: string;
let stateDir: string;
let transcripts: string;
let outside: string;

const NOW = Date.UTC(2026, 5, 1, 12, 0, 0);

const messy: Record<string, string> = {
  "MEMORY.md":
    "- [Tabs](user_tabs.md) — tabs\n- [Tabs again](user_tabs_dup.md) — tabs\n- [Gone](gone.md) — a file that no longer exists\n",
  "user_tabs.md": "---\nname: tabs\ntype: user\n---\nThe user indents with tabs.\n",
  "user_tabs_dup.md": "---\nname: tabs-dup\ntype: user\n---\nUses tabs, not spaces.\n",
  "project_notes.md": "---\nname: notes\ntype: project\n---\nKept as it is.\n",
};

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), "keel-dream-")));
  stateDir = join(root, "state");
  memory = join(stateDir, "projects", "-repo", "memory");
  transcripts = join(stateDir, "projects", "-repo");
  outside = join(root, "outside");
  await mkdir(memory, { recursive: true });
  await mkdir(outside);
  for (const [name, text] of Object.entries(messy)) await writeFile(join(memory, name), text);
  await symlink(outside, join(memory, "escape"));
  const line = (text: string) =>
    `${JSON.stringify({ type: "user", message: { content: text } })}\n`;
  await writeFile(join(transcripts, "s1.jsonl"), line("we ship the release on 2026-06-15"));
  await writeFile(join(transcripts, "s2.jsonl"), line("remember: tabs, always"));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const tool = (name: string, input: Record<string, unknown>) => ({ type: "tool_use", name, input });

async function scenario(turns: unknown[]): Promise<string> {
  const file = join(root, "scenario.json");
  await writeFile(file, JSON.stringify({ turns }));
  return `scripted:${file}`;
}

function toolResults(messages: readonly SdkMessage[]): string {
  // The tool results as the model gets them (not the SDK's copy beside each).
  return JSON.stringify(messages.flatMap((m) => (m.type === "user" ? [m.message] : [])));
}

describe("a dream pass", () => {
  it("backs up first, rewrites the folder as scripted, and writes nothing outside it", async () => {
    const model = await scenario([
      {
        content: [
          tool("Grep", { pattern: "release|tabs", path: transcripts, output_mode: "content" }),
          tool("Read", { file_path: join(transcripts, "s1.jsonl") }),
          // Inside the folder Read is whole (and Write wants a file read before it is replaced).
          tool("Read", { file_path: join(memory, "MEMORY.md") }),
          tool("Read", { file_path: join(memory, "user_tabs.md") }),
          tool("Read", { file_path: join(memory, "user_tabs_dup.md") }),
        ],
      },
      {
        // What a steered script might try: every one of these must be refused.
        content: [
          tool("Write", { file_path: join(root, "planted.md"), content: "x" }),
          tool("Write", { file_path: join(stateDir, "settings.json"), content: "{}" }),
          tool("Write", { file_path: join(memory, "..", "planted.md"), content: "x" }),
          tool("Write", { file_path: join(memory, "escape", "planted.md"), content: "x" }),
          tool("Bash", { command: `echo x > ${join(outside, "bash.txt")}` }),
        ],
      },
      {
        content: [
          tool("Write", {
            file_path: join(memory, "user_tabs.md"),
            content:
              "---\nname: tabs\ntype: user\n---\nThe user indents with tabs, never spaces.\n",
          }),
          tool("Write", { file_path: join(memory, "user_tabs_dup.md"), content: "" }),
          tool("Write", {
            file_path: join(memory, "project_release.md"),
            content: "---\nname: release\ntype: project\n---\nRelease on 2026-06-15.\n",
          }),
          tool("Write", {
            file_path: join(memory, "MEMORY.md"),
            content:
              "- [Tabs](user_tabs.md) — tabs, never spaces\n- [Release](project_release.md) — 2026-06-15\n- [Notes](project_notes.md) — notes\n",
          }),
        ],
      },
      { content: "Merged the two tabs memories, dropped a stale pointer, added the release date." },
    ]);
    const messages: SdkMessage[] = [];
    let clock = NOW;
    const outcome = await runDreamPass({
      memoryDir: memory,
      stateDir,
      transcripts: [join(transcripts, "s1.jsonl"), join(transcripts, "s2.jsonl")],
      model,
      env: { HOME: root, KEEL_CONFIG_DIR: stateDir, PATH: process.env.PATH ?? "" },
      now: () => clock++,
      onMessage: (m) => messages.push(m),
    });
    if (outcome.type !== "done") throw new Error(`expected a finished dream, got ${outcome.type}`);
    const backup = join(
      stateDir,
      "projects",
      "-repo",
      "memory-backups",
      new Date(NOW + 1).toISOString().replace(/[:.]/g, "-"),
    );
    expect(outcome.backup).toBe(backup);
    expect(outcome.summary).toBe(
      `Dream: merged or rewrote 2, removed 1 (1 emptied), added 1 memory files; backup at ${backup}`,
    );
    expect(outcome.changes).toEqual({
      added: ["project_release.md"],
      removed: ["user_tabs_dup.md"],
      changed: ["MEMORY.md", "user_tabs.md"],
    });
    // The backup holds the folder as it was before the agent changed anything.
    for (const [name, text] of Object.entries(messy)) {
      expect(await readFile(join(backup, name), "utf8")).toBe(text);
    }
    expect(await readFile(join(memory, "project_release.md"), "utf8")).toContain("2026-06-15");
    // Effects outside the folder: none.
    expect(await readdir(outside)).toEqual([]);
    await expect(stat(join(root, "planted.md"))).rejects.toThrow();
    await expect(stat(join(stateDir, "settings.json"))).rejects.toThrow();
    await expect(stat(join(transcripts, "planted.md"))).rejects.toThrow();
    const results = toolResults(messages);
    expect(results).toContain("we ship the release on 2026-06-15"); // Grep found it
    expect(results).toContain("200 lines at a time at most"); // the whole-file Read was refused
    // The five escapes were refused by the permission engine, not by some other rule.
    expect(results.match(/Permission to use (Write|Bash) has been denied/g)).toHaveLength(5);
    // The lock's time is the dream's end, from the injected clock.
    expect((await stat(join(memory, ".consolidate-lock"))).mtimeMs).toBe(NOW + 2);
  });
});
