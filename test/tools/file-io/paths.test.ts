import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  isInsideFolder,
  isInsideFolders,
  realPathOf,
  resolveToolPath,
} from "../../../src/tools/builtin/file-io/paths.js";
import { makeTempDir, removeDir } from "./helpers.js";

let dir: string;
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(async () => {
  await removeDir(dir);
});

describe("tool paths", () => {
  it("takes relative paths from the working folder and expands ~", () => {
    expect(resolveToolPath("src/a.ts", "/work/p", "/home/u")).toBe("/work/p/src/a.ts");
    expect(resolveToolPath("../b.ts", "/work/p", "/home/u")).toBe("/work/b.ts");
    expect(resolveToolPath("/etc/hosts", "/work/p", "/home/u")).toBe("/etc/hosts");
    expect(resolveToolPath("~/notes.md", "/work/p", "/home/u")).toBe("/home/u/notes.md");
  });

  it("tells a folder's own files from a sibling whose name merely starts the same", () => {
    expect(isInsideFolder("/work/p/a", "/work/p")).toBe(true);
    expect(isInsideFolder("/work/p", "/work/p")).toBe(true);
    expect(isInsideFolder("/work/p2/a", "/work/p")).toBe(false);
    expect(isInsideFolder("/work/p/..x", "/work/p")).toBe(true);
    expect(isInsideFolder("/work", "/work/p")).toBe(false);
  });

  it("follows symlinks to where a write would land, also for files not created yet", async () => {
    await mkdir(join(dir, "real"));
    await symlink(join(dir, "real"), join(dir, "linked"));
    await symlink(join(dir, "real", "target.txt"), join(dir, "dangling"));
    expect(await realPathOf(join(dir, "linked", "new", "file.txt"))).toBe(
      join(dir, "real", "new", "file.txt"),
    );
    expect(await realPathOf(join(dir, "dangling"))).toBe(join(dir, "real", "target.txt"));
  });

  it("treats a symlink that leads out of the working folder as outside", async () => {
    const project = join(dir, "project");
    const elsewhere = join(dir, "elsewhere");
    await mkdir(project);
    await mkdir(elsewhere);
    await writeFile(join(elsewhere, "secret.txt"), "x");
    await symlink(join(elsewhere, "secret.txt"), join(project, "escape.txt"));
    expect(await isInsideFolders(join(project, "plain.txt"), [project])).toBe(true);
    expect(await isInsideFolders(join(project, "escape.txt"), [project])).toBe(false);
    expect(await isInsideFolders(join(project, "escape.txt"), [project, elsewhere])).toBe(true);
  });
});
