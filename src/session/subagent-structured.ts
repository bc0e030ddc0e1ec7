import type { QueryEvent } from "../loop/events.js";
import type { QueryParams, StopHookOutcome } from "../loop/params.js";
import type { SubagentRunResult } from "../tools/subagent.js";
import type { AnyTool } from "../tools/tool.js";
import { maxStructuredOutputRetries, StructuredOutputChannel } from "./engine/structured-output.js";
import { StructuredOutputWatch } from "./engine/turn-watch.js";

/** A subagent that must answer through StructuredOutput: its channel and its failure watch. */
export interface SubagentAnswer {
  params: QueryParams;
  observe(event: QueryEvent): void;
  /** The run's result with the answer, or an error when the subagent never gave a valid one. */
  judge(result: SubagentRunResult): SubagentRunResult;
}

/** The host asked for this answer, so giving it needs no approval (deny rules still apply). */
function answerTool(channel: StructuredOutputChannel): AnyTool {
  return {
    ...(channel.tool as AnyTool),
    checkPermissions: async () => ({ behavior: "allow" }),
  };
}

/**
 * Gives a subagent the StructuredOutput tool for `schema` (as `--json-schema` gives the main
 * thread): its stop check sends the model back until it calls the tool, and once it has failed
 * as often as MAX_STRUCTURED_OUTPUT_RETRIES allows (default 5) the subagent is stopped.
 */
export function requireStructuredAnswer(
  params: QueryParams,
  schema: Readonly<Record<string, unknown>>,
  stop: AbortController,
  env: Readonly<Record<string, string | undefined>> = process.env,
): SubagentAnswer {
  const channel = new StructuredOutputChannel(schema, maxStructuredOutputRetries(env));
  const hooks = params.deps.runStopHooks;
  const watch = new StructuredOutputWatch(channel, () =>
    stop.abort(new Error("structured output retries exhausted")),
  );
  const options = params.toolUseContext.options;
  return {
    params: {
      ...params,
      toolUseContext: {
        ...params.toolUseContext,
        options: { ...options, tools: [...options.tools, answerTool(channel)] },
      },
      deps: {
        ...params.deps,
        runStopHooks: async (messages, context, active): Promise<StopHookOutcome> => {
          const own = channel.stopCheck();
          if (own.blockingErrors.length > 0 || !hooks) return own;
          return hooks(messages, context, active);
        },
      },
    },
    observe: (event) => watch.observe(event),
    judge: (result) => {
      const answer = channel.output;
      if (answer.present) return { ...result, structured: { data: answer.data } };
      if (result.isError && channel.failures === 0) return result;
      return {
        ...result,
        isError: true,
        text: `Failed to provide valid structured output after ${channel.failures} attempts`,
      };
    },
  };
}
