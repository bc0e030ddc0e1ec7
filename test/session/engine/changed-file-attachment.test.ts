import { mkdtemp, realpath, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NODE_CHANGED_FILE_DEPS } from "../../../src/session/attachments/changed-files.js";
import { createAttachmentCollector } from "../../../src/session/attachments/collector.js";
import { changedFilesSource } from "../../../src/session/attachments/sources.js";
import { createReadTool } from "../../../src/tools/builtin/read/read-tool.js";
import { counterIds } from "../../loop/harness.js";
import { gateTool } from "../../loop/tools.js";
import { collect, requestText, resultOf, scriptedEngine } from "./helpers.js";

let dir: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-changed-")));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the changed-file attachment", () => {
  it("tells the model, after the next tool results, which lines of a file it read changed on disk", async () => {
    const file = join(dir, "config.ts");
    await writeFile(file, "export const port = 8080;\nexport const host = 'localhost';\n");
    const gate = gateTool();
    const read = createReadTool({
      cwd: dir,
      sessionDir: join(dir, ".session"),
      stateDir: join(dir, ".state"),
      env: {},
    });
    const { engine, provider } = scriptedEngine(
      {
        turnMode: "count",
        turns: [
          { content: [{ type: "tool_use", name: "Read", input: { file_path: file } }] },
          { content: [{ type: "tool_use", name: "Gate", input: { text: "wait" } }] },
          { content: "I see the port moved." },
        ],
      },
      {
        cwd: dir,
        tools: [read, gate],
        attachments: createAttachmentCollector({
          sources: { changedFiles: changedFilesSource(NODE_CHANGED_FILE_DEPS) },
          ids: counterIds(),
        }),
      },
    );
    const turn = collect(engine.submitMessage("check the config"));
    await gate.started;
    await writeFile(file, "export const port = 9090;\nexport const host = 'localhost';\n");
    const later = new Date(Date.parse("2030-01-01T00:00:00Z"));
    await utimes(file, later, later);
    gate.release();
    expect(resultOf(await turn).result).toBe("I see the port moved.");

    const third = requestText(provider, 2);
    expect(third).toContain("config.ts");
    expect(third).toContain("9090");
    expect(third.indexOf("released: wait")).toBeLessThan(third.indexOf("9090"));
    expect(requestText(provider, 1)).not.toContain("9090");
  });
});
