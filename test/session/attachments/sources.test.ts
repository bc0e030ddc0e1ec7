import { stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Attachment } from "../../../src/protocol/messages.js";
import { NODE_CHANGED_FILE_DEPS } from "../../../src/session/attachments/changed-files.js";
import { createAttachmentCollector } from "../../../src/session/attachments/collector.js";
import type { NestedMemoryLoader } from "../../../src/session/attachments/nested-memory.js";
import { queuedCommandAttachments } from "../../../src/session/attachments/queued-commands.js";
import {
  type AttachmentPass,
  changedFilesSource,
  nestedMemorySource,
  queuedInputSource,
  todoReminderSource,
} from "../../../src/session/attachments/sources.js";
import { createTodoWriteTool } from "../../../src/tools/builtin/todo-write/todo-write-tool.js";
import { makeToolCallContext, makeToolUseContext } from "../../helpers/tool-context.js";
import { toolsConfig, useTempDir } from "../../tools/file-io/helpers.js";
import { counterIds, textTurns } from "./conversation.js";

let dir: string;
useTempDir((made) => {
  dir = made;
});

function passWith(context = makeToolUseContext()): AttachmentPass {
  return { context, messages: [], signal: new AbortController().signal };
}

describe("queued input", () => {
  it("turns each drained prompt into a queued_command, once", async () => {
    const queue = ["first", "second"];
    const source = queuedInputSource(() => queue.splice(0));
    expect(await source(passWith())).toEqual([
      { type: "queued_command", prompt: "first" },
      { type: "queued_command", prompt: "second" },
    ]);
    expect(await source(passWith())).toEqual([]);
    expect(queuedCommandAttachments(() => [])).toEqual([]);
  });
});

describe("nested memory", () => {
  it("asks the loader only about paths added to readFileState since the last pass", async () => {
    const asked: string[][] = [];
    const load: NestedMemoryLoader = async (paths) => {
      asked.push(paths);
      return paths.map((path) => ({ path: `${path}.memory`, content: `rules for ${path}` }));
    };
    const source = nestedMemorySource(load);
    const context = makeToolUseContext();
    context.readFileState.set("/p/a.ts", { content: "", timestamp: 1 });

    expect(await source(passWith(context))).toEqual([
      { type: "nested_memory", path: "/p/a.ts.memory", content: "rules for /p/a.ts" },
    ]);
    expect(await source(passWith(context))).toEqual([]);
    context.readFileState.set("/p/b.ts", { content: "", timestamp: 1 });
    context.readFileState.set("/p/a.ts", { content: "again", timestamp: 2 });
    await source(passWith(context));
    expect(asked).toEqual([["/p/a.ts"], ["/p/b.ts"]]);
  });

  it("asks again about paths whose loading failed", async () => {
    let fail = true;
    const load: NestedMemoryLoader = async (paths) => {
      if (fail) throw new Error("cannot read memory");
      return paths.map((path) => ({ path, content: "m" }));
    };
    const source = nestedMemorySource(load);
    const context = makeToolUseContext();
    context.readFileState.set("/p/a.ts", { content: "", timestamp: 1 });
    await expect(source(passWith(context))).rejects.toThrow("cannot read memory");
    fail = false;
    expect(await source(passWith(context))).toEqual([
      { type: "nested_memory", path: "/p/a.ts", content: "m" },
    ]);
  });
});

describe("todo reminder source", () => {
  it("reminds with the list TodoWrite holds for the pass's thread", async () => {
    const todoWrite = createTodoWriteTool(toolsConfig(dir));
    const todos = [{ content: "Ship it", status: "pending" as const, activeForm: "Shipping it" }];
    await todoWrite.call({ todos }, makeToolCallContext(), () => {});
    const context = makeToolUseContext({ tools: [todoWrite] });
    const source = todoReminderSource((agentId) => todoWrite.todosOf(agentId));

    const due: AttachmentPass = { ...passWith(context), messages: textTurns("r", 10) };
    expect(await source(due)).toEqual([
      { type: "todo_reminder", todos: [{ content: "Ship it", status: "pending" }] },
    ]);
    const subagent = makeToolUseContext({ tools: [todoWrite] });
    subagent.agentId = "agent-1";
    expect(await source({ ...due, context: subagent })).toEqual([
      { type: "todo_reminder", todos: [] },
    ]);
  });
});

describe("a collector over the real sources", () => {
  it("adds queued input before a changed file, as attachment messages", async () => {
    const path = join(dir, "notes.txt");
    await writeFile(path, "old\n");
    const early = new Date("2020-01-01T00:00:00Z");
    await utimes(path, early, early);
    const context = makeToolUseContext({ cwd: dir });
    context.readFileState.set(path, { content: "old", timestamp: (await stat(path)).mtimeMs });
    await writeFile(path, "new\n");
    const later = new Date("2020-01-02T00:00:00Z");
    await utimes(path, later, later);

    const collect = createAttachmentCollector({
      ids: counterIds(),
      sources: {
        changedFiles: changedFilesSource(NODE_CHANGED_FILE_DEPS),
        queuedInput: queuedInputSource(() => ["also do X"]),
      },
    });
    const found = await collect(context, []);
    const attachments: Attachment[] = found.flatMap((m) =>
      m.type === "attachment" ? [m.attachment] : [],
    );
    expect(attachments).toEqual([
      { type: "queued_command", prompt: "also do X" },
      { type: "edited_text_file", filename: path, snippet: "1\tnew" },
    ]);
  });
});
