import { existsSync } from "node:fs";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { globArgs, planGlob } from "../../src/tools/builtin/glob/glob-plan.js";
import { createGlobTool } from "../../src/tools/builtin/glob/glob-tool.js";
import { planGlobFilter } from "../../src/tools/builtin/grep/glob-filter.js";
import { createGrepTool } from "../../src/tools/builtin/grep/grep-tool.js";
import { grepArgs } from "../../src/tools/builtin/grep/rg-args.js";
import { parentsHoldNoIgnoreRules } from "../../src/tools/builtin/parent-ignores.js";
import { gitInit, writeFiles } from "./glob/helpers.js";
import { callTool, makeContext, TempFolders, toolsConfig } from "./read/helpers.js";

const temps = new TempFolders();
afterEach(() => temps.cleanup());

const existing = (paths: string[]) => (path: string) => paths.includes(path);

describe("parentsHoldNoIgnoreRules", () => {
  it("is true when no folder above holds ignore files or a repository", () => {
    expect(parentsHoldNoIgnoreRules("/r/a/b", existing([]))).toBe(true);
    expect(parentsHoldNoIgnoreRules("/", existing(["/.gitignore"]))).toBe(true);
  });

  it("ignores the rules of the folder itself: ripgrep reads those in any case", () => {
    const own = ["/r/a/b/.gitignore", "/r/a/b/.git", "/r/a/b/.ignore"];
    expect(parentsHoldNoIgnoreRules("/r/a/b", existing(own))).toBe(true);
  });

  it.each(["/r/a/.gitignore", "/r/.ignore", "/.rgignore", "/r/.git"])(
    "is false when %s exists above",
    (path) => {
      expect(parentsHoldNoIgnoreRules("/r/a/b", existing([path]))).toBe(false);
    },
  );

  it("also looks above the folder a symlink leads to", async () => {
    const root = await temps.make();
    await mkdir(join(root, "repo/sub"), { recursive: true });
    await writeFile(join(root, "repo/.ignore"), "x\n");
    await symlink(join(root, "repo/sub"), join(root, "link"));
    const insideRoot = (path: string) => path.startsWith(root) && existsSync(path);
    expect(parentsHoldNoIgnoreRules(join(root, "link"), insideRoot)).toBe(false);
    expect(parentsHoldNoIgnoreRules(join(root, "repo"), insideRoot)).toBe(true);
  });
});

describe("ripgrep skips parent ignore files only when told", () => {
  it("passes --no-ignore-parent to Glob's and Grep's ripgrep without parent rules", () => {
    const plan = planGlob("**/*.ts", "/project");
    expect(globArgs(plan, { threads: 1, parentRules: false })).toContain("--no-ignore-parent");
    expect(globArgs(plan, { threads: 1 })).not.toContain("--no-ignore-parent");
    const filter = planGlobFilter(undefined, false);
    const grep = (parentRules: boolean) =>
      grepArgs({ pattern: "x" }, "files_with_matches", "/project", filter, parentRules);
    expect(grep(false)).toContain("--no-ignore-parent");
    expect(grep(true)).not.toContain("--no-ignore-parent");
  });

  it("keeps the repository's rules when Glob and Grep search a subfolder", async () => {
    const cwd = await temps.make();
    const state = await temps.make();
    gitInit(cwd);
    await writeFiles(cwd, {
      ".gitignore": "secret.ts\n",
      ".ignore": "draft.ts\n",
      "src/app.ts": "hit",
      "src/secret.ts": "hit",
      "src/draft.ts": "hit",
    });
    const context = makeContext(cwd);
    const config = toolsConfig(cwd, state);
    const globbed = await callTool(
      createGlobTool(config),
      { pattern: "**/*.ts", path: "src" },
      context,
    );
    expect(globbed.data.filenames).toEqual([join(cwd, "src/app.ts")]);
    const grepped = await callTool(
      createGrepTool(config),
      { pattern: "hit", path: "src" },
      context,
    );
    expect(grepped.data).toMatchObject({ filenames: [join(cwd, "src/app.ts")] });
  });
});
