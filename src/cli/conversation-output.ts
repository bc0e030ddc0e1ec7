import type { QueryEngine } from "../session/engine/query-engine.js";
import type { SdkMessage, SdkResult } from "../session/sdk-messages.js";
import { createOutputPrinter, type OutputFormat, writeTo } from "./output.js";

/**
 * The output of a headless run whose conversation may have several turns: the prompt's, then
 * those the session's background agents start as they end. stream-json prints every message
 * of every turn (each turn with its own result line); text prints each result's text as it
 * comes; json prints one object, the last result, at the end (a reader parses one value).
 */
export interface ConversationOutput {
  /** Prints one message of any turn as the format wants it. */
  print(message: SdkMessage): Promise<void>;
  /** Shows the turns `engine` starts by itself; returns the unsubscribe. */
  follow(engine: Pick<QueryEngine, "onUnpromptedTurn">): () => void;
  /** The last result so far (the exit code follows it). */
  lastResult(): SdkResult | undefined;
  /** Ends the output (json: prints the last result). */
  finish(): Promise<void>;
}

/** The output of a headless run; `report` also sees each message (stderr diagnostics). */
export function conversationOutput(
  format: OutputFormat,
  stdout: NodeJS.WritableStream,
  report: (message: SdkMessage) => Promise<void>,
): ConversationOutput {
  const printer = format === "json" ? undefined : createOutputPrinter(format, stdout);
  let last: SdkResult | undefined;
  const print = async (message: SdkMessage) => {
    if (message.type === "result") last = message;
    await printer?.(message);
    await report(message);
  };
  return {
    print,
    follow: (engine) =>
      engine.onUnpromptedTurn(async (turn) => {
        for await (const message of turn.messages) await print(message);
      }),
    lastResult: () => last,
    finish: async () => {
      if (format === "json" && last) await writeTo(stdout, `${JSON.stringify(last)}\n`);
    },
  };
}
