import type { ToolResultBlock, ToolUseBlock } from "../../../../src/protocol/content.js";
import type { IdSource } from "../../../../src/protocol/factories.js";
import type { AssistantMessage } from "../../../../src/protocol/messages.js";
import { emptyUsage } from "../../../../src/protocol/usage.js";
import type { ToolUseContext } from "../../../../src/tools/context.js";
import type { AnyTool } from "../../../../src/tools/tool.js";
import { type ToolMessage, toolResultsOf } from "../../../../src/tools/tool-update.js";
import {
  allowAll,
  makeToolUseContext,
  type ToolContextOptions,
} from "../../../helpers/tool-context.js";

/** Deterministic ids: m1, m2, … and a fixed clock. */
export function counterIds(): IdSource {
  let n = 0;
  return { uuid: () => `m${++n}`, timestamp: () => "2026-01-01T00:00:00.000Z" };
}

/** Allows every call. */
export { allowAll };

/** What a test context is built from. */
export type ContextOptions = Pick<
  ToolContextOptions,
  "canUseTool" | "hooks" | "maxToolUseConcurrency" | "addNotification"
>;

/** A real ToolUseContext, plus the record of in-progress changes the host saw. */
export interface TestContext {
  context: ToolUseContext;
  /** "+id" when a call started running, "-id" when it finished. */
  inProgress: string[];
}

/** A minimal real ToolUseContext for the given tools, recording in-progress changes. */
export function testContext(tools: AnyTool[], options: ContextOptions = {}): TestContext {
  let running: ReadonlySet<string> = new Set();
  const inProgress: string[] = [];
  const context = makeToolUseContext({
    ...options,
    tools,
    cwd: "/work/project",
    setInProgressToolUseIds: (update) => {
      const next = update(running);
      for (const id of next) if (!running.has(id)) inProgress.push(`+${id}`);
      for (const id of running) if (!next.has(id)) inProgress.push(`-${id}`);
      running = next;
    },
  });
  return { context, inProgress };
}

/** A tool_use block. */
export function toolUse(id: string, name: string, input: Record<string, unknown>): ToolUseBlock {
  return { type: "tool_use", id, name, input };
}

/** The assistant (block) message a tool_use arrived in. */
export function assistantFor(block: ToolUseBlock): AssistantMessage {
  return {
    type: "assistant",
    uuid: `assistant-${block.id}`,
    timestamp: "2026-01-01T00:00:00.000Z",
    message: {
      id: "msg_test",
      model: "claude-test",
      role: "assistant",
      content: [block],
      stop_reason: null,
      stop_sequence: null,
      usage: emptyUsage(),
    },
  };
}

/** Every tool_result block in a list of messages, in order. */
export function resultsIn(messages: readonly (ToolMessage | undefined)[]): ToolResultBlock[] {
  return messages.flatMap((m) => toolResultsOf(m));
}

/** A tool_result's content as plain text. */
export function textOfResult(block: ToolResultBlock | undefined): string {
  const content = block?.content;
  if (typeof content === "string") return content;
  return (content ?? []).map((b) => (b.type === "text" ? b.text : `[${b.type}]`)).join("");
}

/** Drains an async generator into an array. */
export async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of source) out.push(item);
  return out;
}
