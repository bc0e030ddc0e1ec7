import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { withAgentWorktree } from "../../src/policy/agent-worktree-folder.js";
import type { DecisionSteps } from "../../src/policy/decide.js";
import { makeToolUseContext } from "../helpers/tool-context.js";

const steps = {
  cwd: "/repo",
  stateDir: "/state",
  workingFolders: ["/repo"],
  readableFolders: ["/repo", "/state"],
} as unknown as DecisionSteps;

const agentIn = (cwd: string) => ({ ...makeToolUseContext({ cwd }), agentId: "agent-1" });

describe("a subagent's own folder in the permission decision", () => {
  it("keel's worktree is where its relative paths start, and a working folder", () => {
    const worktree = join("/state", "worktrees", "-repo", "agent-1a2b3c4d");
    const judged = withAgentWorktree(steps, agentIn(worktree));
    expect(judged.cwd).toBe(worktree);
    expect(judged.workingFolders).toEqual(["/repo", worktree]);
  });

  it("a folder a WorktreeCreate hook made elsewhere is where paths start, but no working folder", () => {
    const judged = withAgentWorktree(steps, agentIn("/elsewhere/wt"));
    expect(judged.cwd).toBe("/elsewhere/wt");
    expect(judged.workingFolders).toEqual(["/repo"]);
    expect(judged.readableFolders).toEqual(["/repo", "/state"]);
  });

  it("leaves the main thread's calls, and a subagent in the session's folder, as they are", () => {
    expect(withAgentWorktree(steps, makeToolUseContext({ cwd: "/elsewhere" }))).toBe(steps);
    expect(withAgentWorktree(steps, agentIn("/repo"))).toBe(steps);
  });
});
