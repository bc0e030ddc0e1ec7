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

/** Loads startup memory, then a tracker seeded with it, as a session would. */
async function startSession(cwd = tree.project) {
  const roots = { cwd, home: tree.home, stateDir: tree.stateDir };
  const startup = await loadMemoryFiles(roots);
  const loaded = new Set(startup.map((file) => file.path));
  return { startup, loaded, tracker: createNestedMemoryTracker({ ...roots, loaded }) };
}

describe("nested memory", () => {
  it("picks up a CLAUDE.md in a folder below cwd once, when a file there is read", async () => {
    await tree.write({
      "work/project/CLAUDE.md": "top",
      "work/project/src/CLAUDE.md": "src memory",
      "work/project/src/CLAUDE.local.md": "src local",
      "work/project/src/lib/CLAUDE.md": "lib memory",
    });
    const { startup, tracker, loaded } = await startSession();
    expect(pathsUnder(tree, startup)).toEqual(["work/project/CLAUDE.md"]);
    const first = await tracker.filesFor([join(tree.project, "src", "lib", "a.ts")]);
    expect(pathsUnder(tree, first)).toEqual([
      "work/project/src/CLAUDE.md",
      "work/project/src/CLAUDE.local.md",
      "work/project/src/lib/CLAUDE.md",
    ]);
    expect(first.map((file) => file.scope)).toEqual(["project", "local", "project"]);
    expect(loaded.has(join(tree.project, "src", "CLAUDE.md"))).toBe(true);
    expect(await tracker.filesFor(["src/b.ts", join(tree.project, "src", "lib", "c.ts")])).toEqual(
      [],
    );
  });

  it("loads a conditional rule only for a path its globs match, relative to its project", async () => {
    await tree.write({
      "work/project/.claude/rules/api.md": "---\npaths: ['src/api/**/*.ts']\n---\nAPI rule",
      "work/project/.claude/rules/always.md": "always rule",
    });
    const { startup, tracker } = await startSession();
    expect(pathsUnder(tree, startup)).toEqual(["work/project/.claude/rules/always.md"]);
    expect(await tracker.filesFor(["src/web/page.ts", "src/api/x.js", "README.md"])).toEqual([]);
    const matched = await tracker.filesFor(["src/api/v1/users.ts"]);
    expect(matched).toEqual([
      {
        path: join(tree.project, ".claude", "rules", "api.md"),
        scope: "project",
        content: "API rule",
        conditionalGlobs: ["src/api/**/*.ts"],
      },
    ]);
    expect(await tracker.filesFor(["src/api/other.ts"])).toEqual([]);
  });

  it("matches conditional rules of a nested folder relative to that folder", async () => {
    await tree.write({
      "work/project/pkg/.claude/rules/tests.md": "---\npaths: test/*.ts\n---\npkg tests rule",
      "work/project/pkg/.claude/rules/plain.md": "pkg plain rule",
    });
    const { tracker } = await startSession();
    const files = await tracker.filesFor(["pkg/test/a.ts"]);
    expect(pathsUnder(tree, files)).toEqual([
      "work/project/pkg/.claude/rules/plain.md",
      "work/project/pkg/.claude/rules/tests.md",
    ]);
  });

  it("matches user conditional rules relative to cwd and loads them before folder memory", async () => {
    await tree.write({
      "home/.claude/rules/docs.md": "---\npaths: docs/**/*.md\n---\nuser docs rule",
      "work/project/docs/CLAUDE.md": "docs memory",
    });
    const { tracker } = await startSession();
    const files = await tracker.filesFor(["docs/guide/intro.md"]);
    expect(pathsUnder(tree, files)).toEqual([
      "home/.claude/rules/docs.md",
      "work/project/docs/CLAUDE.md",
    ]);
    expect(files[0]?.scope).toBe("user");
  });

  it("ignores paths outside cwd, including cwd's parent and siblings", async () => {
    await tree.write({
      "work/CLAUDE.md": "parent",
      "work/sibling/CLAUDE.md": "sibling",
      "work/project/.claude/rules/any.md": "---\npaths: '**/*.ts'\n---\nts rule",
      "work/project/.claude/rules/ts.md": "---\npaths: '*.ts'\n---\ntop-level ts rule",
    });
    const { tracker } = await startSession(join(tree.root, "work", "project"));
    expect(await tracker.filesFor([join(tree.root, "work", "sibling", "a.ts")])).toEqual([]);
    expect(await tracker.filesFor(["../x.ts", "/elsewhere/a.ts"])).toEqual([]);
    expect(pathsUnder(tree, await tracker.filesFor(["a.ts"]))).toEqual([
      "work/project/.claude/rules/any.md",
      "work/project/.claude/rules/ts.md",
    ]);
  });

  it("expands imports of nested files, skipping ones already loaded at startup", async () => {
    await tree.write({
      "work/project/CLAUDE.md": "@shared.md",
      "work/project/shared.md": "shared",
      "work/project/src/CLAUDE.md": "@../shared.md @notes.md",
      "work/project/src/notes.md": "notes",
    });
    const { startup, tracker } = await startSession();
    expect(pathsUnder(tree, startup)).toEqual(["work/project/CLAUDE.md", "work/project/shared.md"]);
    expect(pathsUnder(tree, await tracker.filesFor(["src/x.ts"]))).toEqual([
      "work/project/src/CLAUDE.md",
      "work/project/src/notes.md",
    ]);
  });

  it("attaches nothing twice when calls overlap", async () => {
    await tree.write({ "work/project/src/CLAUDE.md": "src memory" });
    const { tracker } = await startSession();
    const [a, b] = await Promise.all([
      tracker.filesFor(["src/a.ts"]),
      tracker.filesFor(["src/b.ts"]),
    ]);
    expect([...a, ...b].map((file) => file.content)).toEqual(["src memory"]);
  });
});
