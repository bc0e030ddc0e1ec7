import { mkdir, symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadMemoryFiles } from "../../../src/session/memory/load-memory-files.js";
import { createNestedMemoryTracker } from "../../../src/session/memory/nested-memory.js";
import { createMemoryTree, type MemoryTree, pathsUnder } from "./memory-tree.js";

let tree: MemoryTree;
beforeEach(async () => {
  tree = await createMemoryTree();
});
afterEach(async () => {
  await tree.cleanup();
});

describe("a memory file reached twice", () => {
  it("is loaded once when keel's state CLAUDE.md is a symlink to ~/.claude/CLAUDE.md", async () => {
    await tree.write({ "home/.claude/CLAUDE.md": "shared user memory" });
    await mkdir(tree.stateDir, { recursive: true });
    await symlink(join(tree.home, ".claude", "CLAUDE.md"), join(tree.stateDir, "CLAUDE.md"));
    const files = await loadMemoryFiles({
      cwd: tree.project,
      home: tree.home,
      stateDir: tree.stateDir,
    });
    expect(pathsUnder(tree, files)).toEqual(["home/.claude/CLAUDE.md"]);
  });

  it("is loaded once when the state folder is ~/.claude itself", async () => {
    await tree.write({ "home/.claude/CLAUDE.md": "memory", "home/.claude/rules/r.md": "rule" });
    const stateDir = join(tree.home, ".claude");
    const files = await loadMemoryFiles({ cwd: tree.project, home: tree.home, stateDir });
    expect(pathsUnder(tree, files)).toEqual(["home/.claude/CLAUDE.md", "home/.claude/rules/r.md"]);
  });

  it("is loaded once as user memory when cwd is the home folder", async () => {
    await tree.write({ "home/.claude/CLAUDE.md": "memory", "home/CLAUDE.md": "home project" });
    const files = await loadMemoryFiles({
      cwd: tree.home,
      home: tree.home,
      stateDir: tree.stateDir,
    });
    expect(pathsUnder(tree, files)).toEqual(["home/.claude/CLAUDE.md", "home/CLAUDE.md"]);
    expect(files.find((file) => file.path.endsWith(".claude/CLAUDE.md"))?.scope).toBe("user");
  });

  it("is not attached as nested memory when a symlink to it was loaded at startup", async () => {
    await tree.write({ "work/project/src/CLAUDE.md": "src memory" });
    await symlink(join(tree.project, "src", "CLAUDE.md"), join(tree.project, "CLAUDE.local.md"));
    const roots = { cwd: tree.project, home: tree.home, stateDir: tree.stateDir };
    const startup = await loadMemoryFiles(roots);
    expect(pathsUnder(tree, startup)).toEqual(["work/project/CLAUDE.local.md"]);
    const loaded = new Set(startup.map((file) => file.path));
    const tracker = createNestedMemoryTracker({ ...roots, loaded });
    expect(await tracker.filesFor(["src/a.ts"])).toEqual([]);
  });

  it("survives a rules folder that links back to itself", async () => {
    await tree.write({ "work/project/.claude/rules/r.md": "rule" });
    await symlink(
      join(tree.project, ".claude", "rules"),
      join(tree.project, ".claude", "rules", "loop"),
    );
    const files = await loadMemoryFiles({
      cwd: tree.project,
      home: tree.home,
      stateDir: tree.stateDir,
    });
    expect(pathsUnder(tree, files)).toEqual(["work/project/.claude/rules/r.md"]);
  });
});
