import { readFile, rename } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createEditTool } from "../../../src/tools/builtin/edit/edit-tool.js";
import { FileLocks } from "../../../src/tools/builtin/file-io/file-lock.js";
import { runTool, successOf, toolsConfig, useTempDir } from "../file-io/helpers.js";
import { readyFile } from "./helpers.js";

let dir: string;
useTempDir((made) => {
  dir = made;
});

describe("parallel Edits of one file", () => {
  it("lands both changes when two Edits run at the same time", async () => {
    const path = join(dir, "shared.ts");
    const context = await readyFile(dir, path, "const first = 1;\nconst second = 2;\n");
    const edit = createEditTool(toolsConfig(dir), { locks: new FileLocks() });
    const [a, b] = await Promise.all([
      runTool(
        edit,
        { file_path: path, old_string: "first = 1", new_string: "first = 10" },
        context,
      ),
      runTool(
        edit,
        { file_path: path, old_string: "second = 2", new_string: "second = 20" },
        context,
      ),
    ]);
    successOf(a);
    successOf(b);
    expect(await readFile(path, "utf8")).toBe("const first = 10;\nconst second = 20;\n");
  });

  it("lands every change of a batch of ten, each applied to the latest content", async () => {
    const lines = Array.from({ length: 10 }, (_, i) => `line ${i} = old`);
    const path = join(dir, "many.txt");
    const context = await readyFile(dir, path, `${lines.join("\n")}\n`);
    const edit = createEditTool(toolsConfig(dir), { locks: new FileLocks() });
    const outcomes = await Promise.all(
      lines.map((line, i) =>
        runTool(
          edit,
          { file_path: path, old_string: line, new_string: `line ${i} = new` },
          context,
        ),
      ),
    );
    for (const outcome of outcomes) successOf(outcome);
    const expected = Array.from({ length: 10 }, (_, i) => `line ${i} = new`).join("\n");
    expect(await readFile(path, "utf8")).toBe(`${expected}\n`);
  });

  it("serialises Edits from two tool instances (a session and its subagent) through the shared locks", async () => {
    const path = join(dir, "two-sessions.txt");
    const context = await readyFile(dir, path, "left\nright\n");
    const [a, b] = await Promise.all([
      runTool(
        createEditTool(toolsConfig(dir)),
        { file_path: path, old_string: "left", new_string: "LEFT" },
        context,
      ),
      runTool(
        createEditTool(toolsConfig(dir)),
        { file_path: path, old_string: "right", new_string: "RIGHT" },
        context,
      ),
    ]);
    successOf(a);
    successOf(b);
    expect(await readFile(path, "utf8")).toBe("LEFT\nRIGHT\n");
  });

  it("holds the second Edit until the first one's write has landed", async () => {
    const path = join(dir, "order.txt");
    const context = await readyFile(dir, path, "a\nb\n");
    const seen: string[] = [];
    const edit = createEditTool(toolsConfig(dir), {
      locks: new FileLocks(),
      writeSteps: {
        uniqueSuffix: () => `s${seen.length}`,
        rename: async (from, to) => {
          seen.push(await readFile(to, "utf8"));
          await rename(from, to);
        },
      },
    });
    await Promise.all([
      runTool(edit, { file_path: path, old_string: "a", new_string: "A" }, context),
      runTool(edit, { file_path: path, old_string: "b", new_string: "B" }, context),
    ]);
    // Either Edit may take the lock first; the other must see its write, never the original.
    expect(seen[0]).toBe("a\nb\n");
    expect(["A\nb\n", "a\nB\n"]).toContain(seen[1]);
    expect(await readFile(path, "utf8")).toBe("A\nB\n");
  });
});
