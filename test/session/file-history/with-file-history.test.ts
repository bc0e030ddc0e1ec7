import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FileHistory } from "../../../src/session/file-history/file-history.js";
import { withFileHistory } from "../../../src/session/file-history/with-file-history.js";
import { createEditTool } from "../../../src/tools/builtin/edit/edit-tool.js";
import { createTodoWriteTool } from "../../../src/tools/builtin/todo-write/todo-write-tool.js";
import { createWriteTool } from "../../../src/tools/builtin/write/write-tool.js";
import { findTool } from "../../../src/tools/tool.js";
import {
  makeContext,
  readyFile,
  recordRead,
  runTool,
  successOf,
  toolsConfig,
  useTempDir,
} from "../../tools/file-io/helpers.js";

let dir: string;
useTempDir((made) => {
  dir = made;
});

describe("withFileHistory", () => {
  it("snapshots before real Edit and Write calls, so a rewind undoes them", async () => {
    const config = toolsConfig(dir);
    const history = new FileHistory({ dir: join(dir, ".history") });
    let turn = "turn-1";
    const todo = createTodoWriteTool(config);
    const tools = withFileHistory(
      [createEditTool(config), createWriteTool(config), todo],
      history,
      () => turn,
      { home: dir },
    );
    const edit = findTool(tools, "Edit");
    const write = findTool(tools, "Write");
    if (!edit || !write) throw new Error("tools missing");
    expect(findTool(tools, "TodoWrite")).toBe(todo);

    const file = join(dir, "a.txt");
    const context = await readyFile(dir, file, "alpha\n");
    successOf(
      await runTool(edit, { file_path: file, old_string: "alpha", new_string: "beta" }, context),
    );
    turn = "turn-2";
    successOf(
      await runTool(edit, { file_path: "a.txt", old_string: "beta", new_string: "gamma" }, context),
    );
    successOf(await runTool(write, { file_path: "~/made.txt", content: "new file\n" }, context));

    expect(await readFile(file, "utf8")).toBe("gamma\n");
    expect(history.snapshots().map((s) => [s.path, s.turnUuid, s.existed])).toEqual([
      [file, "turn-1", true],
      [file, "turn-2", true],
      [join(dir, "made.txt"), "turn-2", false],
    ]);
    expect((await history.restoreTo("turn-2")).sort()).toEqual(
      [file, join(dir, "made.txt")].sort(),
    );
    expect(await readFile(file, "utf8")).toBe("beta\n");
    await history.restoreTo("turn-1");
    expect(await readFile(file, "utf8")).toBe("alpha\n");
  });

  it("does not change a file whose snapshot could not be taken", async () => {
    const config = toolsConfig(dir);
    const blocker = join(dir, "not-a-folder");
    await writeFile(blocker, "a file where the history folder should be");
    const history = new FileHistory({ dir: join(blocker, "history") });
    const [write] = withFileHistory([createWriteTool(config)], history, () => "turn-1");
    if (!write) throw new Error("tool missing");
    const file = join(dir, "b.txt");
    await writeFile(file, "keep me\n");
    const context = makeContext({ cwd: dir });
    await recordRead(context, file);

    const outcome = await runTool(write, { file_path: file, content: "replaced\n" }, context);
    expect(outcome.ok).toBe(false);
    expect(await readFile(file, "utf8")).toBe("keep me\n");
  });
});
