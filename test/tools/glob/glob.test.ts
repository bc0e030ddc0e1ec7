import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createGlobTool } from "../../../src/tools/builtin/glob/glob-tool.js";
import { callError, callTool, makeContext, TempFolders, toolsConfig } from "../read/helpers.js";
import { gitInit, OLD_MTIME, setMtime, writeFiles, writeTree } from "./helpers.js";

const temps = new TempFolders();
afterEach(() => temps.cleanup());

async function setup() {
  const cwd = await temps.make();
  const state = await temps.make();
  return { cwd, tool: createGlobTool(toolsConfig(cwd, state)), context: makeContext(cwd) };
}

describe("Glob lists matching files", () => {
  it("returns absolute paths, most recently modified first", async () => {
    const { cwd, tool, context } = await setup();
    await writeFiles(cwd, { "a.ts": "", "src/b.ts": "", "src/deep/c.ts": "", "d.js": "" });
    await setMtime(join(cwd, "a.ts"), OLD_MTIME + 10);
    await setMtime(join(cwd, "src/b.ts"), OLD_MTIME + 30);
    await setMtime(join(cwd, "src/deep/c.ts"), OLD_MTIME + 20);
    const { data, text } = await callTool(tool, { pattern: "**/*.ts" }, context);
    expect(data.filenames).toEqual([
      join(cwd, "src/b.ts"),
      join(cwd, "src/deep/c.ts"),
      join(cwd, "a.ts"),
    ]);
    expect(text).toBe(data.filenames.join("\n"));
  });

  it("matches a pattern with a slash from the search folder", async () => {
    const { cwd, tool, context } = await setup();
    await writeFiles(cwd, { "src/x.ts": "", "lib/src/y.ts": "", "z.ts": "" });
    const { data } = await callTool(tool, { pattern: "src/*.ts" }, context);
    expect(data.filenames).toEqual([join(cwd, "src/x.ts")]);
  });

  it("searches a relative path from the working folder", async () => {
    const { cwd, tool, context } = await setup();
    await writeFiles(cwd, { "pkg/one.md": "", "other/two.md": "" });
    const { data } = await callTool(tool, { pattern: "*.md", path: "pkg" }, context);
    expect(data.filenames).toEqual([join(cwd, "pkg/one.md")]);
  });

  it("takes the folder from an absolute pattern", async () => {
    const { cwd, tool, context } = await setup();
    await writeFiles(cwd, { "app/main.py": "", "app/sub/util.py": "", "main.py": "" });
    const top = await callTool(tool, { pattern: join(cwd, "app", "*.py") }, context);
    expect(top.data.filenames).toEqual([join(cwd, "app/main.py")]);
    const deep = await callTool(tool, { pattern: join(cwd, "app", "**", "*.py") }, context);
    expect(deep.data.filenames.sort()).toEqual([
      join(cwd, "app/main.py"),
      join(cwd, "app/sub/util.py"),
    ]);
  });

  it('says "No files found" when nothing matches', async () => {
    const { cwd, tool, context } = await setup();
    await writeFiles(cwd, { "a.txt": "" });
    const { text, data } = await callTool(tool, { pattern: "**/*.rs" }, context);
    expect(data.filenames).toEqual([]);
    expect(text).toBe("No files found");
  });

  it("respects .gitignore, also when the pattern names ignored files", async () => {
    const { cwd, tool, context } = await setup();
    gitInit(cwd);
    await writeFiles(cwd, {
      ".gitignore": "build/\n*.log\n",
      "src/a.ts": "",
      "src/.gitignore": "gen.ts\n",
      "src/gen.ts": "",
      "build/out.ts": "",
      "x.log": "",
    });
    const all = await callTool(tool, { pattern: "**/*" }, context);
    expect(all.data.filenames).toEqual([join(cwd, "src/a.ts")]);
    expect((await callTool(tool, { pattern: "**/*.log" }, context)).text).toBe("No files found");
    const inSrc = await callTool(tool, { pattern: "src/*.ts" }, context);
    expect(inSrc.data.filenames).toEqual([join(cwd, "src/a.ts")]);
  });

  it("lists an ignored folder the pattern names explicitly", async () => {
    const { cwd, tool, context } = await setup();
    gitInit(cwd);
    await writeFiles(cwd, { ".gitignore": "dist/\n", "dist/app.js": "", "dist/app.js.map": "" });
    expect((await callTool(tool, { pattern: "**/*.js" }, context)).text).toBe("No files found");
    const named = await callTool(tool, { pattern: "dist/*.js" }, context);
    expect(named.data.filenames).toEqual([join(cwd, "dist/app.js")]);
  });

  it("skips hidden files unless the pattern names them", async () => {
    const { cwd, tool, context } = await setup();
    gitInit(cwd);
    await writeFiles(cwd, { ".env": "", ".github/ci.yml": "", "app.yml": "" });
    const plain = await callTool(tool, { pattern: "**/*.yml" }, context);
    expect(plain.data.filenames).toEqual([join(cwd, "app.yml")]);
    const named = await callTool(tool, { pattern: ".github/**" }, context);
    expect(named.data.filenames).toEqual([join(cwd, ".github/ci.yml")]);
    const dotfiles = await callTool(tool, { pattern: "**/.env*" }, context);
    expect(dotfiles.data.filenames).toEqual([join(cwd, ".env")]);
    const everything = await callTool(tool, { pattern: ".*" }, context);
    expect(everything.data.filenames.some((f) => f.includes(`${join(cwd, ".git")}/`))).toBe(false);
  });

  it("caps a search over 10,000 files at the 100 newest, with a note", async () => {
    const { cwd, tool, context } = await setup();
    const paths = await writeTree(cwd, 10_000, () => "");
    await Promise.all(paths.map((p) => setMtime(p, OLD_MTIME)));
    const newest = paths.filter((_, i) => i % 97 === 0).slice(0, 100);
    await Promise.all(newest.map((p, rank) => setMtime(p, OLD_MTIME + 1000 - rank)));
    const { data, text } = await callTool(tool, { pattern: "**/*.txt" }, context);
    expect(data.filenames).toEqual(newest);
    expect(data.truncated).toBe(true);
    expect(text).toContain("Results are truncated");
  });

  it("does not follow a linked folder out of the search", async () => {
    const { cwd, tool, context } = await setup();
    const outside = await temps.make();
    await writeFile(join(outside, "far.ts"), "");
    await symlink(outside, join(cwd, "linked"));
    await writeFiles(cwd, { "near.ts": "" });
    const { data } = await callTool(tool, { pattern: "**/*.ts" }, context);
    expect(data.filenames).toEqual([join(cwd, "near.ts")]);
  });
});

describe("Glob errors", () => {
  it("refuses a path that is a file, not a directory", async () => {
    const { cwd, tool, context } = await setup();
    await writeFiles(cwd, { "file.txt": "" });
    expect(await callError(tool, { pattern: "*", path: "file.txt" }, context)).toContain(
      "is not a directory",
    );
  });

  it("says when the path does not exist, naming the working folder", async () => {
    const { cwd, tool, context } = await setup();
    const message = await callError(tool, { pattern: "*", path: "nope" }, context);
    expect(message).toContain(`Path does not exist: ${join(cwd, "nope")}`);
    expect(message).toContain(cwd);
  });

  it("explains a malformed glob", async () => {
    const { cwd, tool, context } = await setup();
    await mkdir(join(cwd, "src"));
    expect(await callError(tool, { pattern: "src/[" }, context)).toBe(
      'The glob pattern "src/[" is not valid: a [ has no closing ].',
    );
    expect(await callError(tool, { pattern: "*.{ts,js" }, context)).toContain(
      "a { has no closing }",
    );
  });

  it('says "No files found" when the fixed folders of the pattern do not exist', async () => {
    const { tool, context } = await setup();
    const { text } = await callTool(tool, { pattern: "missing/dir/**/*.ts" }, context);
    expect(text).toBe("No files found");
  });
});

describe("Glob as a tool", () => {
  it("is read-only and concurrency-safe, and asks before searching outside the working folders", async () => {
    const { tool, context } = await setup();
    const outside = await temps.make();
    const input = tool.inputSchema.parse({ pattern: "*", path: outside });
    expect(tool.isReadOnly(input) && tool.isConcurrencySafe(input)).toBe(true);
    expect(await tool.checkPermissions?.(input, context)).toMatchObject({ behavior: "ask" });
    const inside = tool.inputSchema.parse({ pattern: "**/*.ts" });
    expect(await tool.checkPermissions?.(inside, context)).toEqual({ behavior: "allow" });
    const absolute = tool.inputSchema.parse({ pattern: join(outside, "*.ts") });
    expect(await tool.checkPermissions?.(absolute, context)).toMatchObject({ behavior: "ask" });
  });
});
