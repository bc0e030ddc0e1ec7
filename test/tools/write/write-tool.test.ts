import {
  chmod,
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  stat,
  symlink,
  utimes,
  writeFile,
} from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createEditTool } from "../../../src/tools/builtin/edit/edit-tool.js";
import {
  MODIFIED_SINCE_READ_MESSAGE,
  NOT_READ_MESSAGE,
  PARTIALLY_READ_MESSAGE,
} from "../../../src/tools/builtin/file-io/messages.js";
import { createWriteTool } from "../../../src/tools/builtin/write/write-tool.js";
import type { AnyTool } from "../../../src/tools/tool.js";
import {
  failureOf,
  makeContext,
  readyFile,
  recordRead,
  runTool,
  successOf,
  toolsConfig,
  useTempDir,
} from "../file-io/helpers.js";
import { runWrite } from "./helpers.js";

let dir: string;
useTempDir((made) => {
  dir = made;
});

describe("Write", () => {
  it("creates a new file and its missing parent folders", async () => {
    const write = createWriteTool(toolsConfig(dir));
    const path = join(dir, "a", "b", "new.txt");
    const { output, text } = successOf(
      await runTool(write, { file_path: path, content: "one\ntwo\n" }, makeContext({ cwd: dir })),
    );
    expect(text).toBe(`File created successfully at: ${path}`);
    expect(await readFile(path, "utf8")).toBe("one\ntwo\n");
    expect(output.type).toBe("create");
    expect(output.structuredPatch[0]?.lines).toEqual(["+one", "+two"]);
  });

  it("refuses to overwrite a file that was never read", async () => {
    const path = join(dir, "exists.txt");
    await writeFile(path, "precious\n");
    const write = createWriteTool(toolsConfig(dir));
    const message = failureOf(
      await runTool(write, { file_path: path, content: "x" }, makeContext({ cwd: dir })),
    );
    expect(message).toBe(NOT_READ_MESSAGE);
    expect(await readFile(path, "utf8")).toBe("precious\n");
  });

  it("refuses to overwrite a file read only in part", async () => {
    const path = join(dir, "long.txt");
    await writeFile(path, "1\n2\n3\n");
    const context = makeContext({ cwd: dir });
    await recordRead(context, path, { offset: 2, limit: 1 });
    const message = failureOf(await runWrite(dir, { file_path: path, content: "x" }, context));
    expect(message).toBe(PARTIALLY_READ_MESSAGE);
  });

  it("refuses a stale write when the file changed on disk after the read", async () => {
    const path = join(dir, "stale.txt");
    const context = await readyFile(dir, path, "v1\n");
    await writeFile(path, "v2 from the user\n");
    const message = failureOf(await runWrite(dir, { file_path: path, content: "mine" }, context));
    expect(message).toBe(MODIFIED_SINCE_READ_MESSAGE);
    expect(message).toContain("Read it again");
    expect(await readFile(path, "utf8")).toBe("v2 from the user\n");
  });

  it("accepts a file that was touched but is unchanged since the read", async () => {
    const path = join(dir, "touched.txt");
    const context = await readyFile(dir, path, "same\n");
    await utimes(path, new Date("2021-06-01T00:00:00Z"), new Date("2021-06-01T00:00:00Z"));
    const { text } = successOf(await runWrite(dir, { file_path: path, content: "new\n" }, context));
    expect(text).toBe(`The file ${path} has been updated successfully.`);
    expect(await readFile(path, "utf8")).toBe("new\n");
  });

  it("checks again at call time: a change after validation is still refused", async () => {
    const path = join(dir, "race.txt");
    const context = await readyFile(dir, path, "v1\n");
    const write = createWriteTool(toolsConfig(dir));
    const input = { file_path: path, content: "mine\n" };
    expect(await write.validateInput?.(input, context)).toEqual({ ok: true });
    await writeFile(path, "v2\n");
    await expect(write.call(input, context, () => {})).rejects.toThrow(MODIFIED_SINCE_READ_MESSAGE);
    expect(await readFile(path, "utf8")).toBe("v2\n");
  });

  it("records the write so an Edit right after needs no new Read", async () => {
    const context = makeContext({ cwd: dir });
    const path = join(dir, "chain.txt");
    successOf(await runWrite(dir, { file_path: path, content: "alpha beta\n" }, context));
    const edit = { file_path: path, old_string: "beta", new_string: "gamma" };
    successOf(await runTool(createEditTool(toolsConfig(dir)), edit, context));
    expect(await readFile(path, "utf8")).toBe("alpha gamma\n");
  });

  it("keeps an existing file's UTF-16LE and UTF-8 byte-order marks, writing content as given", async () => {
    const utf16 = join(dir, "wide.txt");
    const bom8 = join(dir, "bom.txt");
    await writeFile(
      utf16,
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("old\r\n", "utf16le")]),
    );
    await writeFile(bom8, Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from("old\n")]));
    const context = makeContext({ cwd: dir });
    await recordRead(context, utf16);
    await recordRead(context, bom8);
    const write = createWriteTool(toolsConfig(dir));
    successOf(await runTool(write, { file_path: utf16, content: "nüw\n" }, context));
    successOf(await runTool(write, { file_path: bom8, content: "nüw\n" }, context));
    expect(await readFile(utf16)).toEqual(
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("nüw\n", "utf16le")]),
    );
    expect(await readFile(bom8)).toEqual(Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from("nüw\n")]));
  });

  it("keeps the file's permission bits and leaves no temp file behind", async () => {
    const path = join(dir, "tool.sh");
    await writeFile(path, "#!/bin/sh\n");
    await chmod(path, 0o755);
    const context = makeContext({ cwd: dir });
    await recordRead(context, path);
    successOf(await runWrite(dir, { file_path: path, content: "#!/bin/sh\nexit 0\n" }, context));
    expect((await stat(path)).mode & 0o777).toBe(0o755);
    expect(await readdir(dir)).toEqual(["tool.sh"]);
  });

  it("takes a relative path from the working folder", async () => {
    const write = createWriteTool(toolsConfig(dir));
    const { output } = successOf(
      await runTool(write, { file_path: "sub/rel.txt", content: "r\n" }, makeContext({ cwd: dir })),
    );
    expect(output.filePath).toBe(join(dir, "sub", "rel.txt"));
    expect(await readFile(join(dir, "sub", "rel.txt"), "utf8")).toBe("r\n");
  });

  it("writes through a symlink to its target and keeps the link", async () => {
    await mkdir(join(dir, "real"));
    const target = join(dir, "real", "target.txt");
    const link = join(dir, "link.txt");
    await writeFile(target, "before\n");
    await symlink(target, link);
    const context = makeContext({ cwd: dir });
    await recordRead(context, link);
    successOf(await runWrite(dir, { file_path: link, content: "after\n" }, context));
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readlink(link)).toBe(target);
    expect(await readFile(target, "utf8")).toBe("after\n");
  });

  it("refuses a folder and writes nothing once the call is aborted", async () => {
    const write = createWriteTool(toolsConfig(dir));
    await mkdir(join(dir, "folder"));
    const message = failureOf(
      await runTool(
        write,
        { file_path: join(dir, "folder"), content: "x" },
        makeContext({ cwd: dir }),
      ),
    );
    expect(message).toContain("is a directory");
    const aborted = new AbortController();
    aborted.abort();
    const context = makeContext({ cwd: dir, signal: aborted.signal });
    await expect(
      write.call({ file_path: join(dir, "never.txt"), content: "x" }, context, () => {}),
    ).rejects.toThrow();
    expect(await readdir(dir)).toEqual(["folder"]);
  });

  it("declares itself a writing tool that never runs alongside others", () => {
    const tools: AnyTool[] = [createWriteTool(toolsConfig(dir))];
    const write = tools[0] as AnyTool;
    expect(write.name).toBe("Write");
    expect(write.isReadOnly({})).toBe(false);
    expect(write.isConcurrencySafe({})).toBe(false);
    expect(write.inputSchema.safeParse({ file_path: "/a", content: "x", extra: 1 }).success).toBe(
      false,
    );
  });

  it("gives its own permission verdict on relative paths, inside or outside the working folder", async () => {
    const write = createWriteTool(toolsConfig(dir));
    const accepting = makeContext({ cwd: dir, mode: "acceptEdits" });
    expect(await write.checkPermissions?.({ file_path: "x.txt", content: "" }, accepting)).toEqual({
      behavior: "allow",
    });
    const verdict = await write.checkPermissions?.(
      { file_path: "../elsewhere.txt", content: "" },
      accepting,
    );
    expect(verdict?.behavior).toBe("ask");
  });
});
