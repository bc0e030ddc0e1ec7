import type { ModelRequest } from "../provider.js";

/** The JSON body of one streaming Messages API request; absent settings are left out. */
export interface MessagesRequestBody {
  model: string;
  max_tokens: number;
  messages: ModelRequest["messages"];
  system?: ModelRequest["system"];
  tools?: ModelRequest["tools"];
  thinking?: ModelRequest["thinking"];
  temperature?: number;
  stop_sequences?: string[];
  stream: true;
}

/**
 * The request body for a ModelRequest. Thinking is passed as given; temperature only when
 * thinking is off, because the API rejects a temperature other than 1 with thinking on.
 */
export function messagesRequestBody(request: ModelRequest): MessagesRequestBody {
  const thinkingOn = request.thinking !== undefined && request.thinking.type !== "disabled";
  const body: MessagesRequestBody = {
    model: request.model,
    max_tokens: request.maxTokens,
    messages: request.messages,
    stream: true,
  };
  if (request.system !== undefined) body.system = request.system;
  if (request.tools !== undefined) body.tools = request.tools;
  if (request.thinking !== undefined) body.thinking = request.thinking;
  if (request.temperature !== undefined && !thinkingOn) body.temperature = request.temperature;
  if (request.stopSequences !== undefined) body.stop_sequences = request.stopSequences;
  return body;
}
