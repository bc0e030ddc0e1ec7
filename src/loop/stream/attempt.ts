import type { RetryingModelEvent } from "../../model/retry.js";
import type { StreamMessageStart } from "../../protocol/events.js";
import type { IdSource } from "../../protocol/factories.js";
import { createSyntheticAssistantMessage } from "../../protocol/factories.js";
import type { ToolUseContext } from "../../tools/context.js";
import { StreamingToolExecutor } from "../../tools/streaming-executor.js";
import { toolUseError } from "../../tools/tool-errors.js";
import { createToolErrorMessage } from "../../tools/tool-result-message.js";
import { blockMessage, finalizeBlockMessages } from "../assistant-message.js";
import type { QueryEvent } from "../events.js";
import type { StreamOutcome } from "../outcome.js";
import { retryNotice } from "./notices.js";

/** One attempt at a response: what it collected so far, and how events update it. */
export class ResponseAttempt {
  readonly outcome: StreamOutcome;
  private start: StreamMessageStart | undefined;
  private requestId: string | undefined;

  constructor(
    context: ToolUseContext,
    private readonly ids: IdSource,
    streamingToolExecution: boolean,
  ) {
    const executor = streamingToolExecution ? new StreamingToolExecutor(context, ids) : undefined;
    this.outcome = {
      assistantMessages: [],
      toolUseBlocks: [],
      earlyResults: [],
      needsFollowUp: false,
      aborted: false,
      outputTokens: 0,
      context,
      ...(executor ? { executor } : {}),
    };
  }

  /** Applies one model event; yields what the consumer should see. */
  *apply(event: RetryingModelEvent): Generator<QueryEvent, void, undefined> {
    switch (event.type) {
      case "stream_event":
        if (event.event.type === "message_start") this.start = event.event.message;
        yield event.event;
        break;
      case "block":
        yield* this.block(event);
        break;
      case "retry":
        yield retryNotice(event, this.ids);
        break;
      case "response":
        this.response(event.response);
        break;
    }
    // Results of tools that finished mid-stream go out at once, not at the next block.
    yield* this.drainCompleted();
  }

  private *block(event: Extract<RetryingModelEvent, { type: "block" }>): Generator<QueryEvent> {
    const message = blockMessage(this.start!, event.block, this.ids, this.requestId);
    const { outcome } = this;
    outcome.assistantMessages.push(message);
    yield message;
    if (event.block.type !== "tool_use") return;
    outcome.needsFollowUp = true;
    if (event.inputError !== undefined) {
      // Input that is not valid JSON never runs: the model gets the parse error instead.
      const result = createToolErrorMessage(
        {
          text: toolUseError(
            `The input of this ${event.block.name} call could not be read: ${event.inputError}. Send the call again with valid JSON input.`,
          ),
          toolUseId: event.block.id,
          toolName: event.block.name,
          assistant: message,
        },
        this.ids,
      );
      outcome.earlyResults.push(result);
      yield result;
      return;
    }
    outcome.toolUseBlocks.push(event.block);
    outcome.executor?.addTool(event.block, message);
  }

  private response(response: Extract<RetryingModelEvent, { type: "response" }>["response"]): void {
    const { outcome } = this;
    this.requestId = response.requestId;
    finalizeBlockMessages(outcome.assistantMessages, response);
    outcome.outputTokens = response.usage.output_tokens;
    if (response.droppedPartialToolUse) outcome.droppedToolUse = response.droppedPartialToolUse;
    if (response.stopReason === "max_tokens" && !outcome.needsFollowUp) {
      outcome.withheld = {
        kind: "max_output_tokens",
        message: createSyntheticAssistantMessage(
          "Response stopped at the output token limit.",
          this.ids,
          "max_output_tokens",
        ),
      };
    }
  }

  private *drainCompleted(): Generator<QueryEvent> {
    const executor = this.outcome.executor;
    if (!executor) return;
    for (const update of executor.getCompletedResults()) {
      if (update.message.type !== "progress") this.outcome.earlyResults.push(update.message);
      yield update.message;
    }
  }
}
