import type { MessageCountTokensParams } from "@anthropic-ai/sdk/resources/messages/messages";
import type { MessagesRequestBody } from "./request-body.js";

/** What counts a request's tokens: the official client's `messages.countTokens`. */
export type CountTokensCall = (
  body: MessageCountTokensParams,
  options: { signal: AbortSignal; headers: Record<string, string | undefined> },
) => Promise<{ input_tokens: number }>;

/**
 * The count_tokens body of a Messages request: the fields the endpoint reads, exactly as the
 * streaming request carries them (cache breakpoints included), so the two counts agree.
 */
export function countTokensBody(body: MessagesRequestBody): MessageCountTokensParams {
  const { model, messages, system, tools, thinking } = body;
  return {
    model,
    messages,
    ...(system === undefined ? {} : { system }),
    ...(tools === undefined ? {} : { tools }),
    ...(thinking === undefined ? {} : { thinking }),
  };
}
