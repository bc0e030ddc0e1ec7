import type { CallModel } from "../../src/loop/params.js";
import { streamWithRetry } from "../../src/model/retry.js";
import {
  createScriptedProvider,
  type ScriptedProvider,
} from "../../src/model/scripted/provider.js";
import { parseScenario } from "../../src/model/scripted/scenario.js";

/** A CallModel over an in-process scripted model (no retry waits), and the model itself. */
export function scriptedCallModel(scenario: unknown): {
  callModel: CallModel;
  provider: ScriptedProvider;
} {
  const provider = createScriptedProvider(parseScenario(scenario, "context test"));
  const callModel: CallModel = (request, signal, options) =>
    streamWithRetry(provider, request, signal, {
      sleep: async () => {},
      maxRetries: 0,
      hasFallbackModel: options.hasFallbackModel,
    });
  return { callModel, provider };
}

/** The text of a request's single user message (the summary request's transcript and prompt). */
export function requestText(body: unknown): string {
  const messages = (body as { messages: Array<{ content: unknown }> }).messages;
  return messages
    .map((m) =>
      typeof m.content === "string"
        ? m.content
        : (m.content as Array<{ text?: string }>).map((b) => b.text ?? "").join(""),
    )
    .join("\n");
}

/** A summary answer with a scratchpad, as the model writes it. */
export const SUMMARY_ANSWER =
  "<analysis>scratch thoughts that must not survive</analysis>\n<summary>\n1. Primary Request and Intent: fix the parser\n8. Current Work: editing src/parse.ts\n</summary>";
