import { describe, expect, it } from "vitest";
import type { Attachment, Message } from "../../../src/protocol/messages.js";
import {
  type AttachmentSourceName,
  AttachmentTimeoutError,
  createAttachmentCollector,
} from "../../../src/session/attachments/collector.js";
import { makeToolUseContext } from "../../helpers/tool-context.js";
import { counterIds } from "./conversation.js";
import { failing, hanging, reminderTexts, saying } from "./fake-sources.js";

function attachmentsOf(messages: readonly Message[]): Attachment[] {
  return messages.flatMap((m) => (m.type === "attachment" ? [m.attachment] : []));
}

describe("createAttachmentCollector", () => {
  it("adds attachments in the order queued input, changed files, nested memory, todo reminder", async () => {
    const collect = createAttachmentCollector({
      ids: counterIds(),
      // Listed out of order on purpose: the collector fixes the order.
      sources: {
        todoReminder: saying("todo"),
        nestedMemory: saying("memory"),
        changedFiles: saying("changed"),
        queuedInput: saying("queued"),
      },
    });
    const messages = await collect(makeToolUseContext(), []);
    expect(reminderTexts(attachmentsOf(messages))).toEqual(["queued", "changed", "memory", "todo"]);
    expect(messages.map((m) => [m.type, m.uuid])).toEqual([
      ["attachment", "a1"],
      ["attachment", "a2"],
      ["attachment", "a3"],
      ["attachment", "a4"],
    ]);
  });

  it("leaves out a failing source, reports it, and keeps the others", async () => {
    const errors: [AttachmentSourceName, unknown][] = [];
    const collect = createAttachmentCollector({
      ids: counterIds(),
      sources: {
        queuedInput: saying("queued"),
        changedFiles: failing("disk on fire"),
        todoReminder: saying("todo"),
      },
      onError: (source, error) => errors.push([source, error]),
    });
    const messages = await collect(makeToolUseContext(), []);
    expect(reminderTexts(attachmentsOf(messages))).toEqual(["queued", "todo"]);
    expect(errors.map(([source, error]) => [source, (error as Error).message])).toEqual([
      ["changedFiles", "disk on fire"],
    ]);
  });

  it("ends a pass with a hung source at the time limit, keeping what the others added", async () => {
    const errors: [AttachmentSourceName, unknown][] = [];
    const hung = hanging();
    const collect = createAttachmentCollector({
      ids: counterIds(),
      timeoutMs: 20,
      sources: { queuedInput: saying("queued"), nestedMemory: hung, todoReminder: saying("todo") },
      onError: (source, error) => errors.push([source, error]),
    });
    const messages = await collect(makeToolUseContext(), []);
    expect(reminderTexts(attachmentsOf(messages))).toEqual(["queued", "todo"]);
    expect(hung.sawAbort()).toBe(true);
    expect(errors.map(([source]) => source)).toEqual(["nestedMemory"]);
    expect(errors[0]?.[1]).toBeInstanceOf(AttachmentTimeoutError);
  });

  it("adds nothing once the turn is aborted", async () => {
    const abortController = new AbortController();
    abortController.abort();
    const collect = createAttachmentCollector({
      ids: counterIds(),
      sources: { queuedInput: saying("queued") },
    });
    expect(await collect(makeToolUseContext({ abortController }), [])).toEqual([]);
  });

  it("stops a hung source when the turn is aborted during the pass", async () => {
    const abortController = new AbortController();
    const hung = hanging();
    const collect = createAttachmentCollector({
      ids: counterIds(),
      // Long enough that only the turn's abort can end the pass.
      timeoutMs: 60_000,
      sources: { queuedInput: saying("queued"), changedFiles: hung },
    });
    const pending = collect(makeToolUseContext({ abortController }), []);
    abortController.abort(new Error("user interrupt"));
    expect(reminderTexts(attachmentsOf(await pending))).toEqual(["queued"]);
    expect(hung.sawAbort()).toBe(true);
  });
});
