import type { EffortLevel } from "../../protocol/api.js";
import type { WebSearchServerTool } from "../../protocol/server-tools.js";
import type { ModelRequest } from "../provider.js";
import { type ThinkingFields, thinkingFields } from "./thinking-fields.js";

/** `output_config`: effort where the model takes it, and the task budget when one is set. */
interface OutputConfig {
  effort?: EffortLevel;
  task_budget?: { type: "tokens"; total: number };
}

/** The JSON body of one streaming Messages API request; absent settings are left out. */
export interface MessagesRequestBody {
  model: string;
  max_tokens: number;
  messages: ModelRequest["messages"];
  system?: ModelRequest["system"];
  tools?: Array<NonNullable<ModelRequest["tools"]>[number] | WebSearchServerTool>;
  thinking?: ThinkingFields["thinking"];
  output_config?: OutputConfig;
  temperature?: number;
  stop_sequences?: string[];
  stream: true;
}

/**
 * The request body for a ModelRequest. Thinking and effort as the model takes them
 * (thinking-fields.ts); temperature only when thinking is off, because the API rejects a
 * temperature other than 1 with thinking on.
 */
export function messagesRequestBody(request: ModelRequest): MessagesRequestBody {
  const { thinking, output_config } = thinkingFields(request);
  const thinkingOn = thinking !== undefined && thinking.type !== "disabled";
  const body: MessagesRequestBody = {
    model: request.model,
    max_tokens: request.maxTokens,
    messages: request.messages,
    stream: true,
  };
  if (request.system !== undefined) body.system = request.system;
  if (request.tools !== undefined || request.serverTools !== undefined)
    body.tools = [...(request.tools ?? []), ...(request.serverTools ?? [])];
  if (thinking !== undefined) body.thinking = thinking;
  const taskBudget = request.taskBudget && {
    type: "tokens" as const,
    total: request.taskBudget.total,
  };
  if (output_config !== undefined || taskBudget)
    body.output_config = { ...output_config, ...(taskBudget ? { task_budget: taskBudget } : {}) };
  if (request.temperature !== undefined && !thinkingOn) body.temperature = request.temperature;
  if (request.stopSequences !== undefined) body.stop_sequences = request.stopSequences;
  return body;
}
