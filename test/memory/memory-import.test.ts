import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sanitizeCwd } from "../../src/config/paths.js";
import { importClaudeMemory } from "../../src/memory/import-claude-memory.js";
import { runKeel } from "../helpers/run-keel.js";

let root: string;
let project: string;
let claudeDir: string;
let stateDir: string;

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), "keel-memimport-")));
  project = join(root, "repo");
  claudeDir = join(root, "claude");
  stateDir = join(root, "state");
  await mkdir(join(project, ".git"), { recursive: true });
  const theirs = join(claudeDir, "projects", sanitizeCwd(project), "memory");
  await mkdir(theirs, { recursive: true });
  await writeFile(join(theirs, "MEMORY.md"), "- [Tabs](user_tabs.md) — tabs\n");
  await writeFile(join(theirs, "user_tabs.md"), "Tabs.\n");
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const ours = () => join(stateDir, "projects", sanitizeCwd(project), "memory");

describe("importing Claude Code's auto memory", () => {
  it("keel memory import copies the project's memory folder into keel's", async () => {
    const env = { HOME: root, CLAUDE_CONFIG_DIR: claudeDir, KEEL_CONFIG_DIR: stateDir };
    const run = await runKeel(["memory", "import"], { cwd: project, env });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Imported 2 files from ${join(claudeDir, "projects")}`);
    expect(await readFile(join(ours(), "user_tabs.md"), "utf8")).toBe("Tabs.\n");
    const missing = await runKeel(["memory", "import"], { cwd: root, env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("Claude Code has no auto memory for this project");
  });

  it("never overwrites a memory keel already has", async () => {
    await mkdir(ours(), { recursive: true });
    await writeFile(join(ours(), "user_tabs.md"), "Spaces, since 2026-01-02.\n");
    const outcome = await importClaudeMemory({ claudeDir, stateDir, cwd: project });
    expect(outcome).toMatchObject({
      type: "imported",
      copied: ["MEMORY.md"],
      kept: ["user_tabs.md"],
    });
    expect(await readFile(join(ours(), "user_tabs.md"), "utf8")).toBe(
      "Spaces, since 2026-01-02.\n",
    );
  });
});
