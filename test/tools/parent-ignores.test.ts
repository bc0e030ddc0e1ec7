import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, realpath, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { globArgs, planGlob } from "../../src/tools/builtin/glob/glob-plan.js";
import { createGlobTool } from "../../src/tools/builtin/glob/glob-tool.js";
import { planGlobFilter } from "../../src/tools/builtin/grep/glob-filter.js";
import { createGrepTool } from "../../src/tools/builtin/grep/grep-tool.js";
import { grepArgs } from "../../src/tools/builtin/grep/rg-args.js";
import { parentsMayHoldIgnoreRules } from "../../src/tools/builtin/parent-ignores.js";
import { ripgrepPath } from "../../src/tools/builtin/ripgrep.js";
import { gitInit, writeFiles } from "./glob/helpers.js";
import { callTool, makeContext, TempFolders, toolsConfig } from "./read/helpers.js";

const temps = new TempFolders();
afterEach(() => temps.cleanup());

const existing = (paths: string[]) => (path: string) => paths.includes(path);

async function setup() {
  const cwd = await realpath(await temps.make());
  const config = toolsConfig(cwd, await temps.make());
  return { cwd, config, context: makeContext(cwd) };
}

describe("parentsMayHoldIgnoreRules", () => {
  it("is false when no folder above holds ignore files or a repository", () => {
    expect(parentsMayHoldIgnoreRules("/r/a/b", existing([]))).toBe(false);
    expect(parentsMayHoldIgnoreRules("/", existing(["/.gitignore"]))).toBe(false);
  });

  it("leaves out the folder's own rules: ripgrep reads those in any case", () => {
    const own = ["/r/a/b/.gitignore", "/r/a/b/.git", "/r/a/b/.ignore"];
    expect(parentsMayHoldIgnoreRules("/r/a/b", existing(own))).toBe(false);
  });

  it.each(["/r/a/.gitignore", "/r/.ignore", "/.rgignore", "/r/.git"])(
    "is true when %s exists above",
    (path) => {
      expect(parentsMayHoldIgnoreRules("/r/a/b", existing([path]))).toBe(true);
    },
  );

  it("also looks above the folder a symlink leads to", async () => {
    const root = await realpath(await temps.make());
    await mkdir(join(root, "repo/sub"), { recursive: true });
    await writeFile(join(root, "repo/.ignore"), "x\n");
    await symlink(join(root, "repo/sub"), join(root, "link"));
    const insideRoot = (path: string) => path.startsWith(root) && existsSync(path);
    expect(parentsMayHoldIgnoreRules(join(root, "link"), insideRoot)).toBe(true);
    expect(parentsMayHoldIgnoreRules(join(root, "repo"), insideRoot)).toBe(false);
  });
});

describe("ripgrep skips parent ignore files only when none can apply", () => {
  it("passes --no-ignore-parent to Glob's and Grep's ripgrep without parent rules", () => {
    const plan = planGlob("**/*.ts", "/project");
    expect(globArgs(plan, { threads: 1, parentRules: false })).toContain("--no-ignore-parent");
    expect(globArgs(plan, { threads: 1 })).not.toContain("--no-ignore-parent");
    const filter = planGlobFilter(undefined, false);
    const grep = (parentRules: boolean) =>
      grepArgs({ pattern: "x" }, "files_with_matches", "/project", filter, { parentRules });
    expect(grep(false)).toContain("--no-ignore-parent");
    expect(grep(true)).not.toContain("--no-ignore-parent");
  });

  it("keeps the repository's rules when Glob and Grep search a subfolder", async () => {
    const { cwd, config, context } = await setup();
    gitInit(cwd);
    await writeFiles(cwd, {
      ".gitignore": "secret.ts\n",
      ".ignore": "draft.ts\n",
      "src/app.ts": "hit",
      "src/secret.ts": "hit",
      "src/draft.ts": "hit",
    });
    const glob = { pattern: "**/*.ts", path: "src" };
    const globbed = await callTool(createGlobTool(config), glob, context);
    expect(globbed.data.filenames).toEqual([join(cwd, "src/app.ts")]);
    const grepped = await callTool(
      createGrepTool(config),
      { pattern: "hit", path: "src" },
      context,
    );
    expect(grepped.data).toMatchObject({ filenames: [join(cwd, "src/app.ts")] });
  });

  it("lists what ripgrep lists with its parent rules on, at a repository's root", async () => {
    const { cwd, config, context } = await setup();
    // Where nothing above the temporary folder holds rules (the usual case), the tools pass the
    // flag here; either way they must list what plain ripgrep lists.
    gitInit(cwd);
    gitInit(join(cwd, "nested"));
    await writeFiles(cwd, {
      ".gitignore": "*.log\nbuild/\n",
      ".ignore": "draft.ts\n",
      ".rgignore": "scratch/\n",
      ".git/info/exclude": "local.ts\n",
      "a.ts": "hit",
      "draft.ts": "hit",
      "local.ts": "hit",
      "x.log": "hit",
      "build/out.ts": "hit",
      "scratch/s.ts": "hit",
      "nested/.gitignore": "inner.ts\n",
      "nested/inner.ts": "hit",
      "nested/kept.ts": "hit",
    });
    const rg = await ripgrepPath();
    const plain = execFileSync(rg, ["--no-config", "--files", cwd], { encoding: "utf8" })
      .trim()
      .split("\n")
      .sort();
    expect(plain).toEqual([join(cwd, "a.ts"), join(cwd, "nested/kept.ts")]);
    const globbed = await callTool(createGlobTool(config), { pattern: "**/*" }, context);
    expect([...globbed.data.filenames].sort()).toEqual(plain);
    const grepped = await callTool(createGrepTool(config), { pattern: "hit" }, context);
    expect(grepped.data).toMatchObject({ numFiles: plain.length });
  });

  it("searches a file Grep is given by name, whatever the ignore files say", async () => {
    const { cwd, config, context } = await setup();
    gitInit(cwd);
    await writeFiles(cwd, { ".gitignore": "secret.ts\n", "secret.ts": "hit" });
    const input = { pattern: "hit", path: "secret.ts" };
    const grepped = await callTool(createGrepTool(config), input, context);
    expect(grepped.data).toMatchObject({ filenames: [join(cwd, "secret.ts")] });
  });
});
