import type { ToolResultBlock } from "../../../protocol/content.js";
import type { Tool } from "../../tool.js";
import { askUserQuestionDescription } from "./description.js";
import {
  type AskUserQuestionInput,
  type AskUserQuestionOutput,
  askUserQuestionInputSchema,
} from "./schema.js";

/** The tool whose "permission" is a person answering (the hosts show it their own way). */
export const ASK_USER_QUESTION = "AskUserQuestion";

/** Why it always asks: only a person can answer it. */
export const ASK_USER_QUESTION_ASK =
  "AskUserQuestion asks the user; only a person (or the program driving keel) can answer.";

function answeredResult(output: AskUserQuestionOutput, toolUseId: string): ToolResultBlock {
  const pairs = Object.entries(output.answers).map(([q, a]) => `"${q}"="${a}"`);
  return {
    type: "tool_result",
    tool_use_id: toolUseId,
    content: `User has answered your questions: ${pairs.join(", ")}. You can now continue with the user's answers in mind.`,
  };
}

/**
 * AskUserQuestion: the question goes out as a permission request, and whoever answers (the
 * REPL's dialog, an SDK host's canUseTool, a --permission-prompt-tool) returns the input with
 * `answers` filled in. A call allowed without answers (a mode or rule let it through) fails:
 * nothing was asked, so nothing may be made up.
 */
export function createAskUserQuestionTool(): Tool<AskUserQuestionInput, AskUserQuestionOutput> {
  return {
    name: ASK_USER_QUESTION,
    description: askUserQuestionDescription(),
    inputSchema: askUserQuestionInputSchema,
    maxResultSizeChars: 100_000,
    isReadOnly: () => true,
    isConcurrencySafe: () => false,
    checkPermissions: async () => ({ behavior: "ask", message: ASK_USER_QUESTION_ASK }),
    async call(input) {
      if (input.answers === undefined || Object.keys(input.answers).length === 0)
        throw new Error(
          "No one answered the questions (the call was allowed without asking a person). Go on with your best judgement and say what you assumed.",
        );
      return {
        data: {
          questions: input.questions,
          answers: input.answers,
          ...(input.annotations ? { annotations: input.annotations } : {}),
        },
      };
    },
    mapToolResult: answeredResult,
  };
}
