import type { QueryEngine } from "../session/engine/query-engine.js";
import type { SdkMessage } from "../session/sdk-messages.js";
import type { CliIo } from "./io.js";
import { writeTo } from "./output.js";
import { readStreamInput } from "./stream-json-input.js";

/**
 * Feeds every user message read from stdin to the conversation as it arrives: with no turn
 * running it starts one; during a turn the engine absorbs it at the next tool boundary or runs
 * it next (contracts.md §7). After stdin ends, the work already queued finishes. A line that
 * cannot be read stops the input (reported on stderr); returns false then.
 */
export async function runStreamInput(
  engine: QueryEngine,
  io: CliIo,
  emit: (message: SdkMessage) => Promise<void>,
): Promise<boolean> {
  const turns: Promise<void>[] = [];
  let ok = true;
  const run = async (prompt: string) => {
    for await (const message of engine.submitMessage(prompt)) await emit(message);
  };
  for await (const input of readStreamInput(io.stdin)) {
    if (io.signal.aborted) break;
    if (input.kind === "prompt") turns.push(run(input.text));
    else if (input.kind === "control") {
      await writeTo(
        io.stdout,
        `${JSON.stringify({
          type: "control_response",
          response: {
            subtype: "error",
            request_id: input.requestId,
            error: `keel does not support the control request "${input.subtype}"`,
            error_code: "unsupported_request",
          },
        })}\n`,
      );
    } else if (input.kind === "invalid") {
      await writeTo(io.stderr, `keel: stdin line ${input.line}: ${input.problem}\n`);
      ok = false;
      break;
    }
  }
  await Promise.all(turns);
  return ok;
}
