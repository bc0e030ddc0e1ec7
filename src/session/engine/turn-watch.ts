import type { QueryEvent } from "../../loop/events.js";
import type { StructuredOutputChannel } from "./structured-output.js";
import { STRUCTURED_OUTPUT_TOOL } from "./structured-output.js";

/**
 * Watches a turn for the host's own stop conditions: StructuredOutput calls that came back
 * as errors (their input did not match the schema). Calls `onExhausted` once the channel has
 * run out of attempts.
 */
export class StructuredOutputWatch {
  private readonly calls = new Set<string>();

  constructor(
    private readonly channel: StructuredOutputChannel,
    private readonly onExhausted: () => void,
  ) {}

  observe(event: QueryEvent): void {
    if (event.type === "assistant") {
      for (const block of event.message.content) {
        if (block.type === "tool_use" && block.name === STRUCTURED_OUTPUT_TOOL)
          this.calls.add(block.id);
      }
      return;
    }
    if (event.type !== "user" || typeof event.message.content === "string") return;
    for (const block of event.message.content) {
      if (block.type === "tool_result" && block.is_error && this.calls.has(block.tool_use_id)) {
        this.channel.recordFailedCall();
      }
    }
    if (this.channel.exhausted && !this.channel.output.present) this.onExhausted();
  }
}
