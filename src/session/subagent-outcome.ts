import type { QueryEvent } from "../loop/events.js";
import type { Terminal } from "../loop/transitions.js";
import type { AssistantMessage } from "../protocol/messages.js";
import type { Usage } from "../protocol/usage.js";
import type { SubagentRunResult } from "../tools/subagent.js";

function textOf(message: AssistantMessage): string[] {
  return message.message.content.flatMap((block) => (block.type === "text" ? [block.text] : []));
}

/**
 * Follows a subagent's events for its final text: the text blocks of its last response that
 * had any (blocks of one response share an id). Tombstoned (discarded) messages do not count.
 */
export class FinalTextTracker {
  private readonly withText: AssistantMessage[] = [];

  observe(event: QueryEvent): void {
    if (event.type === "assistant" && textOf(event).length > 0) this.withText.push(event);
    if (event.type === "tombstone") {
      const index = this.withText.indexOf(event.message);
      if (index >= 0) this.withText.splice(index, 1);
    }
  }

  /** The final text; empty when the subagent wrote none. */
  get text(): string {
    const last = this.withText.at(-1);
    if (!last) return "";
    return this.withText
      .filter((m) => m.message.id === last.message.id)
      .flatMap(textOf)
      .join("\n");
  }
}

/** What a subagent's run ended with, before it is judged. */
export interface SubagentEnd {
  terminal: Terminal;
  finalText: string;
  /** Its last response was an API error (the loop ends such turns as `completed`). */
  apiError: boolean;
  usage: Usage;
  turns: number;
  maxTurns: number;
}

const ERROR_TERMINALS = new Set<Terminal["reason"]>([
  "model_error",
  "blocking_limit",
  "prompt_too_long",
  "image_error",
]);

function resultText(end: SubagentEnd): string {
  switch (end.terminal.reason) {
    case "aborted_streaming":
    case "aborted_tools":
      return "The agent was interrupted before it finished.";
    case "max_turns": {
      const note = `(The agent stopped at its limit of ${end.maxTurns} turns before it finished.)`;
      return end.finalText ? `${end.finalText}\n\n${note}` : note;
    }
    default:
      return end.finalText;
  }
}

/** The result a subagent's run gives the Agent tool: failures are errors with their reason. */
export function subagentResult(end: SubagentEnd): SubagentRunResult {
  const reason = end.terminal.reason;
  const isError =
    end.apiError ||
    ERROR_TERMINALS.has(reason) ||
    reason === "max_turns" ||
    reason === "aborted_streaming" ||
    reason === "aborted_tools";
  return {
    text: resultText(end),
    usage: end.usage,
    turns: end.turns,
    terminalReason: reason,
    isError,
  };
}
