import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadMemoryFiles } from "../../../src/session/memory/load-memory-files.js";
import { createMemoryTree, type MemoryTree, pathsUnder } from "./memory-tree.js";

let tree: MemoryTree;
let warnings: string[];
beforeEach(async () => {
  tree = await createMemoryTree();
  warnings = [];
});
afterEach(async () => {
  await tree.cleanup();
});

function load() {
  return loadMemoryFiles({
    cwd: tree.project,
    home: tree.home,
    stateDir: tree.stateDir,
    onWarning: (message) => warnings.push(message),
  });
}

describe("@path imports", () => {
  it("lists each imported file right after its importer, depth first", async () => {
    await tree.write({
      "work/project/CLAUDE.md": "See @docs/a.md and @docs/b.md",
      "work/project/docs/a.md": "A imports @./deeper/c.md",
      "work/project/docs/deeper/c.md": "C",
      "work/project/docs/b.md": "B",
      "work/project/CLAUDE.local.md": "local",
    });
    const files = await load();
    expect(pathsUnder(tree, files)).toEqual([
      "work/project/CLAUDE.md",
      "work/project/docs/a.md",
      "work/project/docs/deeper/c.md",
      "work/project/docs/b.md",
      "work/project/CLAUDE.local.md",
    ]);
    expect(files.find((file) => file.path.endsWith("c.md"))?.scope).toBe("project");
    expect(files.find((file) => file.path.endsWith("CLAUDE.md"))?.content).toBe(
      "See @docs/a.md and @docs/b.md",
    );
  });

  it("loads each file of an A → B → A cycle once", async () => {
    await tree.write({
      "work/project/CLAUDE.md": "@a.md",
      "work/project/a.md": "A then @b.md",
      "work/project/b.md": "B back to @a.md and to @CLAUDE.md",
    });
    const files = await load();
    expect(pathsUnder(tree, files)).toEqual([
      "work/project/CLAUDE.md",
      "work/project/a.md",
      "work/project/b.md",
    ]);
    expect(warnings).toEqual([]);
  });

  it("follows an import chain five imports deep and stops before the sixth, with a warning", async () => {
    const chain: Record<string, string> = { "work/project/CLAUDE.md": "@i1.md" };
    for (let i = 1; i <= 6; i++) chain[`work/project/i${i}.md`] = `level ${i} @i${i + 1}.md`;
    chain["work/project/i7.md"] = "level 7";
    await tree.write(chain);
    const files = await load();
    expect(pathsUnder(tree, files)).toEqual([
      "work/project/CLAUDE.md",
      "work/project/i1.md",
      "work/project/i2.md",
      "work/project/i3.md",
      "work/project/i4.md",
      "work/project/i5.md",
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("@i6.md");
  });

  it("ignores imports inside fenced code blocks and inline code spans", async () => {
    await tree.write({
      "work/project/CLAUDE.md": [
        "Real: @real.md",
        "```",
        "@fenced.md",
        "```",
        "~~~md",
        "@tilde.md",
        "~~~",
        "Inline `@span.md` and ``x @double.md x``.",
      ].join("\n"),
      "work/project/real.md": "real",
      "work/project/fenced.md": "fenced",
      "work/project/tilde.md": "tilde",
      "work/project/span.md": "span",
      "work/project/double.md": "double",
    });
    expect(pathsUnder(tree, await load())).toEqual([
      "work/project/CLAUDE.md",
      "work/project/real.md",
    ]);
  });

  it("warns about a missing import and loads everything else", async () => {
    await tree.write({
      "work/project/CLAUDE.md": "@gone.md then @here.md",
      "work/project/here.md": "here",
    });
    const files = await load();
    expect(pathsUnder(tree, files)).toEqual(["work/project/CLAUDE.md", "work/project/here.md"]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("@gone.md");
    expect(warnings[0]).toContain("work/project/CLAUDE.md");
  });

  it("resolves ~/ from home and absolute paths as they are", async () => {
    await tree.write({
      "home/notes/style.md": "style",
      "work/shared.txt": "shared",
    });
    await tree.write({
      "work/project/CLAUDE.md": `@~/notes/style.md and @${tree.root}/work/shared.txt`,
    });
    expect(pathsUnder(tree, await load())).toEqual([
      "work/project/CLAUDE.md",
      "home/notes/style.md",
      "work/shared.txt",
    ]);
  });

  it("imports only text files (known text extensions or none)", async () => {
    await tree.write({
      "work/project/CLAUDE.md": "@logo.png @conf.json @conf.yaml @Makefile @notes.txt",
      "work/project/logo.png": "binary",
      "work/project/conf.json": "{}",
      "work/project/conf.yaml": "a: 1",
      "work/project/Makefile": "all:",
      "work/project/notes.txt": "notes",
    });
    expect(pathsUnder(tree, await load())).toEqual([
      "work/project/CLAUDE.md",
      "work/project/conf.json",
      "work/project/conf.yaml",
      "work/project/Makefile",
      "work/project/notes.txt",
    ]);
  });

  it("does not treat e-mail addresses or @-mentions of missing people as loaded files", async () => {
    await tree.write({ "work/project/CLAUDE.md": "Mail dev@example.com. Ask @@team." });
    expect(pathsUnder(tree, await load())).toEqual(["work/project/CLAUDE.md"]);
    expect(warnings).toEqual([]);
  });
});
