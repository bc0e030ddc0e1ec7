import { randomUUID } from "node:crypto";
import { emptyUsage } from "../../protocol/usage.js";
import type { SdkMessage, SdkResult } from "../../session/sdk-messages.js";
import type { CliSession } from "../cli-session-types.js";
import type { SdkSlashCommand } from "../control/initialize-response.js";
import { SLASH_COMMANDS } from "../repl/slash-commands.js";
import { costText } from "../repl/slash-runner.js";
import { contextCommandMessages } from "./context-command.js";
import { refusedResult } from "./refused-result.js";

/** The REPL's commands that mean something without a person: keel -p runs them too. */
export type HeadlessBuiltin =
  | { name: "compact"; args: string }
  | { name: "cost" }
  | { name: "context" };

/** The names of the commands keel -p runs itself. */
export const HEADLESS_BUILTINS: readonly string[] = ["compact", "context", "cost", "init"];

const ARGUMENT_HINTS: Readonly<Record<string, string>> = {
  compact: "[instructions]",
  init: "[what to focus on]",
};

/** The commands keel -p runs itself, described as /help describes them. */
export function headlessBuiltinCommands(): SdkSlashCommand[] {
  return HEADLESS_BUILTINS.map((name) => ({
    name,
    description: SLASH_COMMANDS.find((command) => command.name === name)?.help ?? "",
    argumentHint: ARGUMENT_HINTS[name] ?? "",
    builtin: true,
  }));
}

/** A command's result: a success carrying its text, what the session spent, no turn taken. */
export function localResult(text: string, session: CliSession, startedAt: number): SdkResult {
  return {
    type: "result",
    subtype: "success",
    is_error: false,
    api_error_status: null,
    duration_ms: Date.now() - startedAt,
    duration_api_ms: 0,
    num_turns: 0,
    result: text,
    stop_reason: null,
    session_id: session.engine.sessionId,
    total_cost_usd: session.engine.totalCostUsd,
    usage: emptyUsage(),
    modelUsage: {},
    permission_denials: [],
    terminal_reason: "completed",
    uuid: randomUUID(),
  };
}

/**
 * `/compact [instructions]` compacts the session (resumed, or stream-json's so far): the
 * boundary message, then a result naming what it kept; `/cost` reports what the session spent.
 */
export async function* runHeadlessBuiltin(
  session: CliSession,
  command: HeadlessBuiltin,
): AsyncGenerator<SdkMessage, void, undefined> {
  const startedAt = Date.now();
  yield session.engine.systemInit();
  if (command.name === "cost") {
    yield localResult(costText(session.engine.totalCostUsd, undefined), session, startedAt);
    return;
  }
  if (command.name === "context") {
    yield* contextCommandMessages(session, (text) => localResult(text, session, startedAt));
    return;
  }
  let boundary: Awaited<ReturnType<CliSession["engine"]["compact"]>>;
  try {
    boundary = await session.engine.compact(command.args || undefined);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    yield refusedResult(`/compact failed: ${why}`, session.engine.sessionId);
    return;
  }
  yield boundary;
  const before = boundary.compact_metadata.pre_tokens;
  yield localResult(`Compacted (${before} tokens before).`, session, startedAt);
}
