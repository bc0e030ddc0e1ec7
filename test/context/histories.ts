import { validateRequest } from "../../src/model/scripted/validator.js";
import { toApiMessages } from "../../src/protocol/api-payload.js";
import type { ToolResultBlock } from "../../src/protocol/content.js";
import type { IdSource } from "../../src/protocol/factories.js";
import type { AssistantMessage, Message, UserMessage } from "../../src/protocol/messages.js";
import { emptyUsage, type Usage } from "../../src/protocol/usage.js";

/** Deterministic ids for history builders. */
export function testIds(prefix = "m"): IdSource {
  let n = 0;
  return { uuid: () => `${prefix}${++n}`, timestamp: () => "2026-01-01T00:00:00.000Z" };
}

/** Builds histories the way the loop records them. */
export function historyBuilder(ids: IdSource = testIds()) {
  let call = 0;
  const user = (text: string, extras: Partial<UserMessage> = {}): UserMessage => ({
    type: "user",
    uuid: ids.uuid(),
    timestamp: ids.timestamp(),
    message: { role: "user", content: text },
    ...extras,
  });
  const assistant = (
    content: AssistantMessage["message"]["content"],
    usage: Partial<Usage> = {},
  ): AssistantMessage => ({
    type: "assistant",
    uuid: ids.uuid(),
    timestamp: ids.timestamp(),
    message: {
      id: `msg_${ids.uuid()}`,
      model: "claude-test",
      role: "assistant",
      content,
      stop_reason: content.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn",
      stop_sequence: null,
      usage: { ...emptyUsage(), ...usage },
    },
  });
  /** One tool round: the call and its result (text, or blocks). */
  const round = (
    name: string,
    input: Record<string, unknown>,
    result: NonNullable<ToolResultBlock["content"]>,
    options: { isError?: boolean; said?: string; usage?: Partial<Usage> } = {},
  ): Message[] => {
    const id = `toolu_${++call}`;
    const call_ = assistant(
      [
        ...(options.said ? [{ type: "text" as const, text: options.said }] : []),
        { type: "tool_use", id, name, input },
      ],
      options.usage,
    );
    const answer: UserMessage = {
      type: "user",
      uuid: ids.uuid(),
      timestamp: ids.timestamp(),
      message: {
        role: "user",
        content: [
          {
            type: "tool_result",
            tool_use_id: id,
            content: result,
            ...(options.isError ? { is_error: true } : {}),
          },
        ],
      },
      sourceToolAssistantUUID: call_.uuid,
    };
    return [call_, answer];
  };
  return { user, assistant, round, ids };
}

/** The API's violations for a history sent as a request (empty when valid and paired). */
export function requestViolations(messages: readonly Message[]): string[] {
  const body = { model: "claude-test", max_tokens: 1000, messages: toApiMessages(messages) };
  return validateRequest(body).map((v) => v.message);
}

/** Every tool_result text of a history, by tool_use_id. */
export function resultTexts(messages: readonly Message[]): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const m of messages) {
    if (m.type !== "user" || typeof m.message.content === "string") continue;
    for (const b of m.message.content)
      if (b.type === "tool_result") out.set(b.tool_use_id, b.content);
  }
  return out;
}
