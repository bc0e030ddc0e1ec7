import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sanitizeCwd } from "../../../src/config/paths.js";
import { toolHooks } from "../../../src/hooks/tool-hooks.js";
import type { AgentToolOptions } from "../../../src/tools/builtin/agent/agent-tool.js";
import { createWriteTool } from "../../../src/tools/builtin/write/write-tool.js";
import { configOf, makeSandbox, testEngine } from "../../hooks/helpers.js";
import { parentToolResults, requestSystem, resultText, runWithAgent, toolUse } from "./helpers.js";

let repo: string;
let state: string;

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, { cwd, encoding: "utf8" }).trim();

beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), "keel-agent-wt-repo-"));
  state = await mkdtemp(join(tmpdir(), "keel-agent-wt-state-"));
  git(repo, "init", "-q", "-b", "main");
  git(repo, "config", "user.email", "t@example.com");
  git(repo, "config", "user.name", "T");
  await writeFile(join(repo, "a.txt"), "one\n");
  git(repo, "add", "a.txt");
  git(repo, "commit", "-q", "-m", "first");
});

afterEach(async () => {
  await rm(repo, { recursive: true, force: true });
  await rm(state, { recursive: true, force: true });
});

const config = (cwd: string) => ({ cwd, sessionDir: state, stateDir: state, env: {} });

/** The Agent tool's worktree isolation over the test's state folder, with Write bound to a folder. */
function isolated(name: string): AgentToolOptions {
  return {
    isolation: {
      worktrees: {
        stateDir: state,
        newName: () => name,
        toolsInFolder: (cwd) => [createWriteTool(config(cwd))],
      },
    },
  };
}

const worktreeCall = toolUse("Agent", {
  description: "Isolated work",
  prompt: "Do it.",
  run_in_background: false,
  isolation: "worktree",
});

const pathOf = (name: string) => join(state, "worktrees", sanitizeCwd(repo), name);

describe('isolation: "worktree"', () => {
  it("keeps the worktree the agent changed, and names its path and branch in the result", async () => {
    const run = await runWithAgent(
      [
        { content: [worktreeCall] },
        { content: [toolUse("Write", { file_path: "new.txt", content: "made\n" })] },
        { content: "Wrote new.txt." },
        { content: "ok" },
      ],
      { cwd: repo, agent: isolated("agent-kept"), tools: [createWriteTool(config(repo))] },
    );
    expect(run.violations).toEqual([]);
    const path = pathOf("agent-kept");
    expect(readFileSync(join(path, "new.txt"), "utf8")).toBe("made\n");
    expect(existsSync(join(repo, "new.txt"))).toBe(false);
    expect(requestSystem(run.requests[1]!)).toContain(`Working directory: ${path}`);
    const [result] = parentToolResults(run);
    expect(resultText(result!)).toContain(
      `kept at ${path} on branch worktree-agent-kept, since it has uncommitted changes or untracked files`,
    );
    expect(git(repo, "worktree", "list")).toContain(path);
  });

  it("removes the worktree and its branch when the agent left nothing there", async () => {
    const run = await runWithAgent(
      [{ content: [worktreeCall] }, { content: "Nothing to change." }, { content: "ok" }],
      { cwd: repo, agent: isolated("agent-empty"), tools: [createWriteTool(config(repo))] },
    );
    expect(run.violations).toEqual([]);
    const [result] = parentToolResults(run);
    expect(resultText(result!)).toContain("Nothing to change.");
    expect(resultText(result!)).not.toContain("kept");
    expect(existsSync(pathOf("agent-empty"))).toBe(false);
    expect(git(repo, "worktree", "list")).not.toContain("agent-empty");
    expect(git(repo, "branch", "--list", "worktree-agent-empty")).toBe("");
  });

  it("a WorktreeCreate hook makes the worktree where it says, and WorktreeRemove is told when it goes", async () => {
    const box = await makeSandbox();
    try {
      const made = join(box.dir, "hook-made");
      const create = await box.script(
        "create.sh",
        `cat > '${box.dir}/create.json'; git -C '${repo}' worktree add -q -b hooked '${made}' >/dev/null 2>&1; echo '${made}'`,
      );
      const remove = await box.script(
        "remove.sh",
        `cat > '${box.dir}/remove.json'; git -C '${repo}' worktree remove --force '${made}'`,
      );
      const { engine } = testEngine(box, {
        ...configOf("WorktreeCreate", [create]),
        ...configOf("WorktreeRemove", [remove]),
      });
      const run = await runWithAgent(
        [{ content: [worktreeCall] }, { content: "Nothing to change." }, { content: "ok" }],
        {
          cwd: repo,
          hooks: toolHooks(engine),
          agent: isolated("agent-hooked"),
          tools: [createWriteTool(config(repo))],
        },
      );
      expect(requestSystem(run.requests[1]!)).toContain(`Working directory: ${made}`);
      const created = JSON.parse(await box.read("create.json"));
      expect(created).toMatchObject({ hook_event_name: "WorktreeCreate", name: "agent-hooked" });
      const removed = JSON.parse(await box.read("remove.json"));
      expect(removed).toMatchObject({ hook_event_name: "WorktreeRemove", worktree_path: made });
      expect(existsSync(made)).toBe(false);
      expect(existsSync(pathOf("agent-hooked"))).toBe(false);
    } finally {
      await box.cleanup();
    }
  });

  it("a failing WorktreeCreate hook stops the call before any agent runs", async () => {
    const box = await makeSandbox();
    try {
      const fail = await box.script("fail.sh", "echo 'no room' >&2; exit 1");
      const { engine } = testEngine(box, configOf("WorktreeCreate", [fail]));
      const run = await runWithAgent([{ content: [worktreeCall] }, { content: "ok" }], {
        cwd: repo,
        hooks: toolHooks(engine),
        agent: isolated("agent-refused"),
      });
      expect(run.requests).toHaveLength(2);
      const [result] = parentToolResults(run);
      expect(result?.is_error).toBe(true);
      expect(resultText(result!)).toContain("a WorktreeCreate hook failed");
      expect(resultText(result!)).toContain("no room");
    } finally {
      await box.cleanup();
    }
  });
});
