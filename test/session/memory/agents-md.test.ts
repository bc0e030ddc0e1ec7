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

async function loadPaths() {
  const files = await loadMemoryFiles({
    cwd: tree.project,
    home: tree.home,
    stateDir: tree.stateDir,
  });
  return pathsUnder(tree, files);
}

describe("AGENTS.md", () => {
  it("is loaded on its own when the folder has no CLAUDE.md", async () => {
    await tree.write({
      "work/project/AGENTS.md": "agents",
      "work/project/CLAUDE.local.md": "local",
    });
    expect(await loadPaths()).toEqual(["work/project/AGENTS.md", "work/project/CLAUDE.local.md"]);
  });

  it("is loaded after a CLAUDE.md that does not import it", async () => {
    await tree.write({ "work/project/AGENTS.md": "agents", "work/project/CLAUDE.md": "claude" });
    expect(await loadPaths()).toEqual(["work/project/CLAUDE.md", "work/project/AGENTS.md"]);
  });

  it.each(["@AGENTS.md", "@./AGENTS.md"])(
    "is loaded once, through the import, when CLAUDE.md says %s",
    async (line) => {
      await tree.write({
        "work/project/AGENTS.md": "agents",
        "work/project/CLAUDE.md": `${line}\n\nMore rules.`,
        "work/project/.claude/CLAUDE.md": "dot claude",
      });
      expect(await loadPaths()).toEqual([
        "work/project/CLAUDE.md",
        "work/project/AGENTS.md",
        "work/project/.claude/CLAUDE.md",
      ]);
    },
  );
});
