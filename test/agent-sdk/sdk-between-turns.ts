import type { Options, Query, SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { keelOptions, loadAgentSdk, type SdkSandbox, userMessage } from "./sdk-harness.js";

/** What a test does between two turns: it acts on the running query. */
export type BetweenTurns = (q: Query, sessionId: string) => Promise<void>;

/**
 * Runs one prompt after another against keel; after each one's result, `between[i]` acts on the
 * running query with the session's id (the query's requests are answered only while it is
 * read). Returns every message.
 */
export async function driveTurns(
  box: SdkSandbox,
  serverUrl: string,
  prompts: readonly string[],
  between: readonly BetweenTurns[],
  extra: Options = {},
): Promise<SDKMessage[]> {
  const { query } = await loadAgentSdk();
  const next: Array<() => void> = [];
  async function* input() {
    for (const [i, prompt] of prompts.entries()) {
      yield userMessage(prompt);
      await new Promise<void>((resolve) => {
        next[i] = resolve;
      });
    }
  }
  const q = query({ prompt: input(), options: keelOptions(box, serverUrl, extra) });
  const messages: SDKMessage[] = [];
  let results = 0;
  try {
    for await (const message of q) {
      messages.push(message);
      if (message.type !== "result") continue;
      await between[results]?.(q, message.session_id);
      next[results]?.();
      results += 1;
      if (results === prompts.length) break;
    }
  } finally {
    q.close();
  }
  return messages;
}
