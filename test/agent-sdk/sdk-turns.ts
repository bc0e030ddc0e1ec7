import type { Query, SDKMessage, SDKUserMessage } from "@anthropic-ai/claude-agent-sdk";
import { userMessage } from "./sdk-harness.js";

/** A streaming-input session driven one turn at a time, with requests asked between turns. */
export interface Conversation {
  q: Query;
  /** Sends a prompt; the turn's messages up to and with its result. */
  send(text: string): Promise<SDKMessage[]>;
  /** Ends the input and closes the query. */
  close(): void;
}

/**
 * Starts a query on a prompt stream the test feeds turn by turn; the messages are read only
 * while a turn runs (the SDK answers control requests meanwhile all the same).
 */
export function converse(start: (prompt: AsyncIterable<SDKUserMessage>) => Query): Conversation {
  const pending: SDKUserMessage[] = [];
  let wake = () => {};
  let ended = false;
  async function* prompts(): AsyncGenerator<SDKUserMessage> {
    for (;;) {
      const next = pending.shift();
      if (next) yield next;
      else if (ended) return;
      else await new Promise<void>((resolve) => (wake = resolve));
    }
  }
  const q = start(prompts());
  const messages = q[Symbol.asyncIterator]();
  return {
    q,
    send: async (text) => {
      pending.push(userMessage(text));
      wake();
      const turn: SDKMessage[] = [];
      for (;;) {
        const { value, done } = await messages.next();
        if (done) throw new Error(`the session ended before the result of "${text}"`);
        turn.push(value);
        if (value.type === "result") return turn;
      }
    },
    close: () => {
      ended = true;
      wake();
      q.close();
    },
  };
}

/**
 * Sends a control request through the SDK's own request path: the one its methods use, for a
 * request the pinned SDK has no method for (register_repo_root); the answer's payload.
 */
export async function controlRequest(
  q: Query,
  request: { subtype: string } & Record<string, unknown>,
): Promise<unknown> {
  const send = (q as unknown as { request(r: object): Promise<{ response: unknown }> }).request;
  return (await send.call(q, request)).response;
}
