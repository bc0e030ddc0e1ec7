import { z } from "zod";
import type { AskElicitation } from "../session-elicitation.js";
import type { ControlChannel } from "./channel.js";

/** The SDK host's answer (its onElicitation's ElicitationResult); unknown fields ignored. */
const answerSchema = z.looseObject({
  action: z.enum(["accept", "decline", "cancel"]),
  content: z.record(z.string(), z.unknown()).optional(),
});

/**
 * Asks the SDK host (its `onElicitation`, which declines when the host set none) through an
 * `elicitation` control request, as Claude Code does. An answer that is not an ElicitResult,
 * or no answer (stdin ended, the request cancelled), is a decline, said through `warn`.
 */
export function sdkElicitation(
  channel: ControlChannel,
  warn: (text: string) => void,
): AskElicitation {
  return async (request, signal) => {
    let answer: unknown;
    try {
      answer = await channel.request(
        {
          subtype: "elicitation",
          mcp_server_name: request.serverName,
          message: request.message,
          mode: request.mode,
          ...(request.url === undefined ? {} : { url: request.url }),
          ...(request.elicitationId === undefined ? {} : { elicitation_id: request.elicitationId }),
          ...(request.requestedSchema === undefined
            ? {}
            : { requested_schema: request.requestedSchema }),
        },
        signal,
      );
    } catch (error) {
      warn(
        `MCP server "${request.serverName}" asked for input; the SDK host gave no answer (${String(error)}): declined`,
      );
      return { action: "decline" };
    }
    const parsed = answerSchema.safeParse(answer);
    if (!parsed.success) {
      warn(`the SDK host's answer to an elicitation is not an ElicitResult: declined`);
      return { action: "decline" };
    }
    const { action, content } = parsed.data;
    return content === undefined ? { action } : { action, content };
  };
}
