import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isInsideFolders } from "../../../src/tools/builtin/file-io/write-permission.js";
import {
  isWithinFolder,
  realPathOf,
  resolveInputPath,
} from "../../../src/tools/builtin/file-paths.js";
import { useTempDir } from "./helpers.js";

let dir: string;
useTempDir((made) => {
  dir = made;
});

describe("tool paths", () => {
  it("takes relative paths from the working folder and expands ~", () => {
    expect(resolveInputPath("src/a.ts", "/work/p", "/home/u")).toBe("/work/p/src/a.ts");
    expect(resolveInputPath("../b.ts", "/work/p", "/home/u")).toBe("/work/b.ts");
    expect(resolveInputPath("/etc/hosts", "/work/p", "/home/u")).toBe("/etc/hosts");
    expect(resolveInputPath("~/notes.md", "/work/p", "/home/u")).toBe("/home/u/notes.md");
  });

  it("tells a folder's own files from a sibling whose name merely starts the same", () => {
    expect(isWithinFolder("/work/p/a", "/work/p")).toBe(true);
    expect(isWithinFolder("/work/p", "/work/p")).toBe(true);
    expect(isWithinFolder("/work/p2/a", "/work/p")).toBe(false);
    expect(isWithinFolder("/work/p/..x", "/work/p")).toBe(true);
    expect(isWithinFolder("/work", "/work/p")).toBe(false);
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

  it("reads a dangling link's relative target from the folder the link really sits in", async () => {
    await mkdir(join(dir, "elsewhere", "lib"), { recursive: true });
    await mkdir(join(dir, "project"));
    await symlink(join(dir, "elsewhere", "lib"), join(dir, "project", "vendor"));
    await symlink("../config.txt", join(dir, "elsewhere", "lib", "config.txt"));
    expect(await realPathOf(join(dir, "project", "vendor", "config.txt"))).toBe(
      join(dir, "elsewhere", "config.txt"),
    );
  });

  it("follows a linked folder however many missing folders lie below it", async () => {
    await mkdir(join(dir, "real"));
    await symlink(join(dir, "real"), join(dir, "linked"));
    const tail = Array.from({ length: 45 }, (_, i) => `d${i}`);
    expect(await realPathOf(join(dir, "linked", ...tail, "f.txt"))).toBe(
      join(dir, "real", ...tail, "f.txt"),
    );
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
