import { execFileSync } from "node:child_process";
import { lstat, mkdir, readdir, readFile, readlink, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createEditTool } from "../../../src/tools/builtin/edit/edit-tool.js";
import {
  failureOf,
  makeContext,
  recordRead,
  runTool,
  successOf,
  toolsConfig,
  useTempDir,
} from "../file-io/helpers.js";
import { readyFile, runEdit } from "./helpers.js";

let dir: string;
useTempDir((made) => {
  dir = made;
});

describe("Edit paths, links, atomicity and permissions", () => {
  it("takes a relative path from the working folder", async () => {
    await mkdir(join(dir, "src"));
    const path = join(dir, "src", "r.txt");
    const context = await readyFile(dir, path, "relative\n");
    const { output } = successOf(
      await runEdit(
        dir,
        { file_path: "src/r.txt", old_string: "relative", new_string: "resolved" },
        context,
      ),
    );
    expect(output.filePath).toBe(path);
    expect(await readFile(path, "utf8")).toBe("resolved\n");
  });

  it("edits a symlinked file's target and keeps the link", async () => {
    await mkdir(join(dir, "real"));
    const target = join(dir, "real", "t.txt");
    const link = join(dir, "l.txt");
    await writeFile(target, "through the link\n");
    await symlink(target, link);
    const context = makeContext({ cwd: dir });
    await recordRead(context, link);
    successOf(
      await runEdit(dir, { file_path: link, old_string: "through", new_string: "via" }, context),
    );
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readlink(link)).toBe(target);
    expect(await readFile(target, "utf8")).toBe("via the link\n");
    expect((await readdir(join(dir, "real"))).sort()).toEqual(["t.txt"]);
  });

  it("leaves the original file whole when the write fails before the rename", async () => {
    const path = join(dir, "safe.txt");
    const context = await readyFile(dir, path, "original\n");
    const edit = createEditTool(toolsConfig(dir), {
      writeSteps: {
        uniqueSuffix: () => "crash",
        rename: async () => {
          throw new Error("simulated crash between temp write and rename");
        },
      },
    });
    const outcome = await runTool(
      edit,
      { file_path: path, old_string: "original", new_string: "changed" },
      context,
    );
    expect(outcome).toMatchObject({
      ok: false,
      stage: "call",
      message: `Could not write ${path}: simulated crash between temp write and rename`,
    });
    expect(await readFile(path, "utf8")).toBe("original\n");
    expect(await readdir(dir)).toEqual(["safe.txt"]);
  });

  it("reports a refused write as permission denied, naming the file, and changes nothing", async () => {
    const path = join(dir, "locked.txt");
    const context = await readyFile(dir, path, "original\n");
    const stateBefore = { ...context.readFileState.get(path) };
    const denied = Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
    const edit = createEditTool(toolsConfig(dir), {
      writeSteps: {
        uniqueSuffix: () => "denied",
        rename: async () => {
          throw denied;
        },
      },
    });
    const input = { file_path: path, old_string: "original", new_string: "x" };
    const outcome = await runTool(edit, input, context);
    expect(outcome).toMatchObject({
      ok: false,
      message: `Permission denied: cannot write ${path}.`,
    });
    expect(await readFile(path, "utf8")).toBe("original\n");
    expect(context.readFileState.get(path)).toEqual(stateBefore);
  });

  it("refuses a named pipe without blocking on it", async () => {
    const fifo = join(dir, "pipe");
    execFileSync("mkfifo", [fifo]);
    const context = makeContext({ cwd: dir });
    const input = { file_path: fifo, old_string: "a", new_string: "b" };
    expect(failureOf(await runEdit(dir, input, context))).toContain("not a regular file");
  });

  it("allows edits inside the working folder only in acceptEdits mode and asks outside it", async () => {
    const edit = createEditTool(toolsConfig(dir));
    const input = { file_path: "inside.txt", old_string: "a", new_string: "b", replace_all: false };
    expect(
      await edit.checkPermissions?.(input, makeContext({ cwd: dir, mode: "acceptEdits" })),
    ).toEqual({
      behavior: "allow",
    });
    expect(
      (await edit.checkPermissions?.(input, makeContext({ cwd: dir, mode: "default" })))?.behavior,
    ).toBe("ask");
    const outside = { ...input, file_path: "/etc/hosts" };
    expect(
      await edit.checkPermissions?.(outside, makeContext({ cwd: dir, mode: "acceptEdits" })),
    ).toEqual({
      behavior: "ask",
      message: "Edit wants to write /etc/hosts (outside the working folders).",
    });
  });
});
