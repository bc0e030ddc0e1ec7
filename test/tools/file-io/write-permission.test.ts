import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkWritePermission } from "../../../src/tools/builtin/file-io/write-permission.js";
import { makeContext, makeTempDir, removeDir } from "./helpers.js";

let root: string;
let project: string;
let extra: string;
let outside: string;
beforeEach(async () => {
  root = await makeTempDir();
  project = join(root, "project");
  extra = join(root, "extra");
  outside = join(root, "outside");
  await Promise.all([mkdir(project), mkdir(extra), mkdir(outside)]);
});
afterEach(async () => {
  await removeDir(root);
});

describe("the file tools' own write permission verdict", () => {
  it("allows writes inside the working folders in acceptEdits mode", async () => {
    const context = makeContext({
      cwd: project,
      additionalDirectories: [extra],
      mode: "acceptEdits",
    });
    expect(await checkWritePermission("Edit", join(project, "src", "a.ts"), context)).toEqual({
      behavior: "allow",
    });
    expect(await checkWritePermission("Edit", join(extra, "b.ts"), context)).toEqual({
      behavior: "allow",
    });
  });

  it("asks in default mode even inside the working folders", async () => {
    const context = makeContext({ cwd: project, mode: "default" });
    const verdict = await checkWritePermission("Write", join(project, "a.ts"), context);
    expect(verdict.behavior).toBe("ask");
    expect(verdict).toMatchObject({ message: expect.stringContaining(join(project, "a.ts")) });
  });

  it("asks for a path outside the working folders, in every mode it is given", async () => {
    for (const mode of ["acceptEdits", "default", "bypassPermissions"] as const) {
      const context = makeContext({ cwd: project, mode });
      const verdict = await checkWritePermission("Edit", join(outside, "x.ts"), context);
      expect(verdict).toEqual({
        behavior: "ask",
        message: `Edit wants to write ${join(outside, "x.ts")} (outside the working folders).`,
      });
    }
  });

  it("asks for protected places inside the project even in acceptEdits mode", async () => {
    const context = makeContext({ cwd: project, mode: "acceptEdits" });
    for (const path of [
      join(project, ".git", "config"),
      join(project, ".claude", "settings.json"),
      join(project, ".bashrc"),
    ]) {
      expect((await checkWritePermission("Edit", path, context)).behavior).toBe("ask");
    }
  });

  it("asks for a symlink in the project whose target is outside it", async () => {
    await writeFile(join(outside, "target.txt"), "x");
    await symlink(join(outside, "target.txt"), join(project, "link.txt"));
    const context = makeContext({ cwd: project, mode: "acceptEdits" });
    const verdict = await checkWritePermission("Edit", join(project, "link.txt"), context);
    expect(verdict.behavior).toBe("ask");
  });
});
