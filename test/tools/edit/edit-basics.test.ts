import { mkdir, readFile, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createEditTool } from "../../../src/tools/builtin/edit/edit-tool.js";
import { FILE_EXISTS_MESSAGE, NO_CHANGE_MESSAGE } from "../../../src/tools/builtin/edit/plan.js";
import {
  MODIFIED_SINCE_READ_MESSAGE,
  NOT_READ_MESSAGE,
} from "../../../src/tools/builtin/file-io/messages.js";
import type { AnyTool } from "../../../src/tools/tool.js";
import { failureOf, makeContext, successOf, toolsConfig, useTempDir } from "../file-io/helpers.js";
import { readyFile, runEdit } from "./helpers.js";

let dir: string;
useTempDir((made) => {
  dir = made;
});

describe("Edit", () => {
  it("replaces the one occurrence and returns a structured diff", async () => {
    const path = join(dir, "a.ts");
    const context = await readyFile(dir, path, "const a = 1;\nconst b = 2;\nconst c = 3;\n");
    const outcome = await runEdit(
      dir,
      { file_path: path, old_string: "const b = 2;", new_string: "const b = 20;" },
      context,
    );
    const { output, text } = successOf(outcome);
    expect(text).toBe(`The file ${path} has been updated successfully.`);
    expect(await readFile(path, "utf8")).toBe("const a = 1;\nconst b = 20;\nconst c = 3;\n");
    expect(output).toMatchObject({ filePath: path, replaceAll: false, replacements: 1 });
    expect(output.structuredPatch).toEqual([
      {
        oldStart: 1,
        oldLines: 3,
        newStart: 1,
        newLines: 3,
        lines: [" const a = 1;", "-const b = 2;", "+const b = 20;", " const c = 3;"],
      },
    ]);
  });

  it("refuses an edit that changes nothing", async () => {
    const path = join(dir, "a.txt");
    const context = await readyFile(dir, path, "x\n");
    expect(
      failureOf(await runEdit(dir, { file_path: path, old_string: "x", new_string: "x" }, context)),
    ).toBe(NO_CHANGE_MESSAGE);
  });

  it("refuses a file that was never read", async () => {
    const path = join(dir, "unread.txt");
    await writeFile(path, "text\n");
    const message = failureOf(
      await runEdit(
        dir,
        { file_path: path, old_string: "text", new_string: "t" },
        makeContext({ cwd: dir }),
      ),
    );
    expect(message).toBe(NOT_READ_MESSAGE);
  });

  it("refuses a stale edit and accepts a touched-but-identical file", async () => {
    const path = join(dir, "s.txt");
    const context = await readyFile(dir, path, "one\n");
    const later = new Date("2022-02-02T00:00:00Z");
    await utimes(path, later, later);
    successOf(
      await runEdit(dir, { file_path: path, old_string: "one", new_string: "two" }, context),
    );
    await writeFile(path, "two, and the user's change\n");
    await utimes(path, new Date("2023-03-03T00:00:00Z"), new Date("2023-03-03T00:00:00Z"));
    const message = failureOf(
      await runEdit(dir, { file_path: path, old_string: "two", new_string: "three" }, context),
    );
    expect(message).toBe(MODIFIED_SINCE_READ_MESSAGE);
    expect(await readFile(path, "utf8")).toBe("two, and the user's change\n");
  });

  it("accepts a second edit without a new Read: freshness is judged against keel's own write", async () => {
    const path = join(dir, "twice.txt");
    const context = await readyFile(dir, path, "first\nsecond\n");
    successOf(
      await runEdit(dir, { file_path: path, old_string: "first", new_string: "1st" }, context),
    );
    successOf(
      await runEdit(dir, { file_path: path, old_string: "second", new_string: "2nd" }, context),
    );
    expect(await readFile(path, "utf8")).toBe("1st\n2nd\n");
  });

  it("says a missing file does not exist, names the working folder and suggests a near name", async () => {
    await writeFile(join(dir, "app.js"), "x");
    const message = failureOf(
      await runEdit(
        dir,
        { file_path: join(dir, "app.ts"), old_string: "x", new_string: "y" },
        makeContext({ cwd: dir }),
      ),
    );
    expect(message).toBe(
      `File does not exist. Note: your current working directory is ${dir}. Did you mean ${join(dir, "app.js")}?`,
    );
  });

  it("creates a new file (and its folders) from an empty old_string", async () => {
    const path = join(dir, "new", "file.md");
    const { text } = successOf(
      await runEdit(
        dir,
        { file_path: path, old_string: "", new_string: "# Title\n" },
        makeContext({ cwd: dir }),
      ),
    );
    expect(text).toBe(`The file ${path} has been updated successfully.`);
    expect(await readFile(path, "utf8")).toBe("# Title\n");
  });

  it("refuses an empty old_string on a file with content, and fills an empty file", async () => {
    const full = join(dir, "full.txt");
    const empty = join(dir, "empty.txt");
    await writeFile(full, "content\n");
    await writeFile(empty, "");
    const context = makeContext({ cwd: dir });
    expect(
      failureOf(await runEdit(dir, { file_path: full, old_string: "", new_string: "x" }, context)),
    ).toBe(FILE_EXISTS_MESSAGE);
    successOf(
      await runEdit(dir, { file_path: empty, old_string: "", new_string: "filled\n" }, context),
    );
    expect(await readFile(empty, "utf8")).toBe("filled\n");
  });

  it("refuses a folder", async () => {
    await mkdir(join(dir, "d"));
    const message = failureOf(
      await runEdit(
        dir,
        { file_path: join(dir, "d"), old_string: "a", new_string: "b" },
        makeContext({ cwd: dir }),
      ),
    );
    expect(message).toContain("is a directory");
  });

  it("declares itself a writing tool with a strict schema and replace_all defaulting to false", () => {
    const tools: AnyTool[] = [createEditTool(toolsConfig(dir))];
    const edit = tools[0] as AnyTool;
    expect(edit.name).toBe("Edit");
    expect(edit.isReadOnly({})).toBe(false);
    expect(edit.isConcurrencySafe({})).toBe(false);
    expect(edit.maxResultSizeChars).toBe(100_000);
    const parsed = createEditTool(toolsConfig(dir)).inputSchema.parse({
      file_path: "/a",
      old_string: "x",
      new_string: "y",
    });
    expect(parsed.replace_all).toBe(false);
    expect(
      edit.inputSchema.safeParse({ file_path: "/a", old_string: "x", new_string: "y", other: 1 })
        .success,
    ).toBe(false);
  });
});
