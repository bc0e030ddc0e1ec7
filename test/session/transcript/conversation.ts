import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AssistantContentBlock, StopReason } from "../../../src/protocol/content.js";
import { createUserMessage, type IdSource } from "../../../src/protocol/factories.js";
import type {
  AssistantMessage,
  LoopTransition,
  Message,
  SystemMessage,
  UserMessage,
} from "../../../src/protocol/messages.js";
import { emptyUsage } from "../../../src/protocol/usage.js";

/** Ids `<prefix>-1`, `<prefix>-2`, … and times one second apart: deterministic messages. */
export function counterIds(prefix = "msg"): IdSource {
  let n = 0;
  return {
    uuid: () => `${prefix}-${++n}`,
    timestamp: () => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
  };
}

/** A model response record with the given blocks (same `responseId` = blocks of one response). */
export function assistant(
  content: AssistantContentBlock[],
  ids: IdSource,
  stopReason: StopReason = "end_turn",
  responseId?: string,
): AssistantMessage {
  return {
    type: "assistant",
    uuid: ids.uuid(),
    timestamp: ids.timestamp(),
    message: {
      id: responseId ?? `resp-${ids.uuid()}`,
      model: "claude-test",
      role: "assistant",
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { ...emptyUsage(), input_tokens: 12, output_tokens: 5 },
    },
    requestId: "req_test",
  };
}

/** A tool_use block. */
export function toolUse(id: string, name: string, input: Record<string, unknown>) {
  return { type: "tool_use" as const, id, name, input };
}

/** The user message answering one tool_use of `source`. */
export function toolResult(
  source: AssistantMessage,
  toolUseId: string,
  text: string,
  ids: IdSource,
): UserMessage {
  return createUserMessage([{ type: "tool_result", tool_use_id: toolUseId, content: text }], ids, {
    toolUseResult: { stdout: text },
    sourceToolAssistantUUID: source.uuid,
  });
}

/** A recorded loop transition. */
export function transition(
  kind: LoopTransition["kind"],
  reason: string,
  turnCount: number,
  ids: IdSource,
  payload: Record<string, unknown> = {},
): SystemMessage {
  return {
    type: "system",
    subtype: "transition",
    uuid: ids.uuid(),
    timestamp: ids.timestamp(),
    transition: { kind, reason, ...payload },
    turnCount,
  };
}

/** A compact boundary after an automatic compaction. */
export function compactBoundary(ids: IdSource): SystemMessage {
  return {
    type: "system",
    subtype: "compact_boundary",
    uuid: ids.uuid(),
    timestamp: ids.timestamp(),
    compactMetadata: { trigger: "auto", preTokens: 150_000 },
  };
}

/**
 * Two prompts: the first runs a Glob, then two Reads in one response (written as two records
 * sharing the response id), then answers; the second is answered directly. Transitions as the
 * loop records them.
 */
export function multiTurnConversation(ids: IdSource): Message[] {
  const prompt = createUserMessage("List the files here and read both of them", ids);
  const glob = assistant(
    [{ type: "text", text: "Looking." }, toolUse("toolu_1", "Glob", { pattern: "*" })],
    ids,
    "tool_use",
  );
  const readA = assistant(
    [toolUse("toolu_2", "Read", { file_path: "a.txt" })],
    ids,
    "tool_use",
    "resp-reads",
  );
  const readB = assistant(
    [toolUse("toolu_3", "Read", { file_path: "b.txt" })],
    ids,
    "tool_use",
    "resp-reads",
  );
  return [
    prompt,
    glob,
    toolResult(glob, "toolu_1", "a.txt\nb.txt", ids),
    transition("continue", "next_turn", 1, ids),
    readA,
    readB,
    toolResult(readA, "toolu_2", "hello from a", ids),
    toolResult(readB, "toolu_3", "hello from b", ids),
    transition("continue", "next_turn", 2, ids),
    assistant([{ type: "text", text: "Both files say hello." }], ids),
    transition("terminal", "completed", 3, ids),
    createUserMessage("Thanks!", ids),
    assistant([{ type: "text", text: "You're welcome." }], ids),
    transition("terminal", "completed", 1, ids),
  ];
}

/** A fresh temp folder, and a function that removes it. */
export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "keel-transcript-"));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Text made safe to match literally inside a RegExp (file paths in warnings). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
