import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadMemoryFiles } from "../../../src/session/memory/load-memory-files.js";
import { createMemoryTree, type MemoryTree, pathsUnder } from "./memory-tree.js";

let tree: MemoryTree;
beforeEach(async () => {
  tree = await createMemoryTree();
});
afterEach(async () => {
  await tree.cleanup();
});

function load(cwd: string, extra: { additionalDirectories?: string[] } = {}) {
  return loadMemoryFiles({ cwd, home: tree.home, stateDir: tree.stateDir, ...extra });
}

describe("loadMemoryFiles order", () => {
  it("loads user memory first, then each folder from the root down to cwd, local after CLAUDE.md", async () => {
    await tree.write({
      "work/project/app/CLAUDE.local.md": "app local",
      "work/project/app/CLAUDE.md": "app memory",
      "work/project/CLAUDE.local.md": "project local",
      "work/project/.claude/rules/b-style.md": "style rule",
      "work/project/.claude/rules/a/nested.md": "nested rule",
      "work/project/.claude/CLAUDE.md": "dot-claude memory",
      "work/project/CLAUDE.md": "project memory",
      "work/CLAUDE.md": "work memory",
      "home/.keel/rules/keel-rule.md": "keel rule",
      "home/.keel/CLAUDE.md": "keel user memory",
      "home/.claude/rules/claude-rule.md": "claude rule",
      "home/.claude/CLAUDE.md": "claude user memory",
    });
    const files = await load(join(tree.project, "app"));
    expect(pathsUnder(tree, files)).toEqual([
      "home/.claude/CLAUDE.md",
      "home/.claude/rules/claude-rule.md",
      "home/.keel/CLAUDE.md",
      "home/.keel/rules/keel-rule.md",
      "work/CLAUDE.md",
      "work/project/CLAUDE.md",
      "work/project/.claude/CLAUDE.md",
      "work/project/.claude/rules/a/nested.md",
      "work/project/.claude/rules/b-style.md",
      "work/project/CLAUDE.local.md",
      "work/project/app/CLAUDE.md",
      "work/project/app/CLAUDE.local.md",
    ]);
    const mine = files.filter((file) => file.path.startsWith(tree.root));
    expect(mine.map((file) => file.scope)).toEqual([
      "user",
      "user",
      "user",
      "user",
      "project",
      "project",
      "project",
      "project",
      "project",
      "local",
      "project",
      "local",
    ]);
    expect(mine.map((file) => file.content)).toContain("dot-claude memory");
  });

  it("does not load memory from folders below cwd at startup", async () => {
    await tree.write({
      "work/project/CLAUDE.md": "top",
      "work/project/src/CLAUDE.md": "below cwd",
    });
    expect(pathsUnder(tree, await load(tree.project))).toEqual(["work/project/CLAUDE.md"]);
  });

  it("loads the memory of additional folders after the cwd chain", async () => {
    await tree.write({
      "work/project/CLAUDE.md": "top",
      "work/other/CLAUDE.md": "other",
      "work/other/CLAUDE.local.md": "other local",
    });
    const files = await load(tree.project, { additionalDirectories: ["../other"] });
    expect(pathsUnder(tree, files)).toEqual([
      "work/project/CLAUDE.md",
      "work/other/CLAUDE.md",
      "work/other/CLAUDE.local.md",
    ]);
  });

  it("returns nothing of its own when no memory files exist", async () => {
    expect(pathsUnder(tree, await load(tree.project))).toEqual([]);
  });
});
