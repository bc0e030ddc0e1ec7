import { z } from "zod";
import type { StopHookOutcome } from "../../loop/params.js";
import type { Tool } from "../../tools/tool.js";

/** The tool's name, as Claude Code names it. */
export const STRUCTURED_OUTPUT_TOOL = "StructuredOutput";

/** Failed attempts (invalid calls, or ending without a call) before the turn gives up. */
export function maxStructuredOutputRetries(
  env: Readonly<Record<string, string | undefined>>,
): number {
  const n = Number(env.MAX_STRUCTURED_OUTPUT_RETRIES);
  return Number.isInteger(n) && n > 0 ? n : 5;
}

/**
 * The structured answer of one session: the StructuredOutput tool (its input schema is the
 * caller's JSON schema, so the tool pipeline validates every call and tells the model what
 * was wrong), the stop check that sends the model back when it ends without calling it, and
 * the count of failed attempts.
 */
export class StructuredOutputChannel {
  readonly tool: Tool<unknown, { recorded: true }>;
  private value: { present: false } | { present: true; data: unknown } = { present: false };
  private failed = 0;

  constructor(
    schema: Readonly<Record<string, unknown>>,
    private readonly maxFailures: number,
  ) {
    const inputSchema = z.fromJSONSchema(schema as z.core.JSONSchema.JSONSchema);
    this.tool = {
      name: STRUCTURED_OUTPUT_TOOL,
      description:
        "Give your final answer through this tool, once, as input that matches its schema exactly. Call it after the work is done; the call ends your answer.",
      inputSchema,
      inputJSONSchema: schema,
      maxResultSizeChars: 1_000,
      isReadOnly: () => true,
      isConcurrencySafe: () => true,
      // The host asked for this answer, so giving it never needs a person's approval (as in
      // Claude Code); deny rules still apply before this.
      checkPermissions: async () => ({ behavior: "allow" }),
      call: async (input) => {
        this.value = { present: true, data: input };
        return { data: { recorded: true } };
      },
      mapToolResult: (_output, toolUseId) => ({
        type: "tool_result",
        tool_use_id: toolUseId,
        content: "Structured output recorded.",
      }),
    };
  }

  /** Starts a new turn's count; the answer of an earlier turn does not count for this one. */
  beginTurn(): void {
    this.value = { present: false };
    this.failed = 0;
  }

  /** The answer, when a valid call was made this turn. */
  get output(): { present: false } | { present: true; data: unknown } {
    return this.value;
  }

  /** A StructuredOutput call came back as an error (its input did not validate). */
  recordFailedCall(): void {
    this.failed += 1;
  }

  /** True once the model has failed as often as allowed. */
  get exhausted(): boolean {
    return this.failed >= this.maxFailures;
  }

  get failures(): number {
    return this.failed;
  }

  /** At the model's end: without an answer, send it back (a blocking stop check). */
  stopCheck(): StopHookOutcome {
    if (this.value.present || this.exhausted) return { blockingErrors: [] };
    this.failed += 1;
    return {
      blockingErrors: [
        {
          hookName: STRUCTURED_OUTPUT_TOOL,
          message: `You must give your final answer by calling the ${STRUCTURED_OUTPUT_TOOL} tool with input that matches its schema. Call it now.`,
        },
      ],
    };
  }
}
