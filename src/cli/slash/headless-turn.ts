import type { SdkMessage } from "../../session/sdk-messages.js";
import type { CliSession } from "../cli-session-types.js";
import { forkedCommandTurn } from "./forked-command.js";
import { runHeadlessBuiltin } from "./headless-builtins.js";
import type { HeadlessPrompt } from "./headless-prompt.js";
import { refusedResult } from "./refused-result.js";

/**
 * One headless prompt's turn, once its `/name` was looked up (headlessPrompt): the expansion
 * is sent with its allowed-tools in force until the turn ends; a refused one is answered with
 * an error result and nothing is sent.
 */
export async function* headlessTurn(
  session: CliSession,
  prepared: HeadlessPrompt,
  warn: (text: string) => void,
  /** The host's id of the prompt (stream-json's `uuid`): the user message gets it. */
  uuid?: string,
): AsyncGenerator<SdkMessage, void, undefined> {
  if (prepared.kind === "refused") {
    yield refusedResult(prepared.message, session.engine.sessionId);
    return;
  }
  if (prepared.kind === "forked") {
    for (const notice of prepared.notices) warn(notice);
    yield* forkedCommandTurn(session, prepared.command);
    return;
  }
  if (prepared.kind === "builtin") {
    yield* runHeadlessBuiltin(session, prepared.command);
    return;
  }
  for (const notice of prepared.notices) warn(notice);
  try {
    const overrides = prepared.overrides;
    yield* session.engine.submitMessage(prepared.text, {
      ...(overrides ? { overrides } : {}),
      ...(uuid ? { uuid } : {}),
    });
  } finally {
    prepared.rules?.remove();
  }
}
