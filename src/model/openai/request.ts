import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionFunctionTool,
  ChatCompletionMessageFunctionToolCall,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions";
import type { ApiMessageParam, SystemPrompt, ToolDefinition } from "../../protocol/api.js";
import type {
  AssistantContentBlock,
  ToolResultBlock,
  UserContentBlock,
} from "../../protocol/content.js";
import type { ModelRequest } from "../provider.js";
import { type PlainUserBlock, toolResultMessage, userMessage } from "./user-content.js";

function systemMessage(system: SystemPrompt | undefined): ChatCompletionMessageParam[] {
  if (system === undefined) return [];
  const text = typeof system === "string" ? system : system.map((b) => b.text).join("\n\n");
  return text === "" ? [] : [{ role: "system", content: text }];
}

/**
 * Text becomes `content`, tool_use `tool_calls`; thinking is dropped (servers cannot verify it),
 * and so are web search's blocks (these servers run no tools of their own; the text after a
 * search already says what it found).
 */
function assistantMessage(
  content: string | AssistantContentBlock[],
): ChatCompletionAssistantMessageParam {
  if (typeof content === "string") return { role: "assistant", content };
  const texts: string[] = [];
  const calls: ChatCompletionMessageFunctionToolCall[] = [];
  for (const block of content) {
    if (block.type === "text") texts.push(block.text);
    else if (block.type === "tool_use") {
      calls.push({
        id: block.id,
        type: "function",
        function: { name: block.name, arguments: JSON.stringify(block.input) },
      });
    }
  }
  const text = texts.join("\n\n");
  if (calls.length === 0) return { role: "assistant", content: text };
  return { role: "assistant", content: text === "" ? null : text, tool_calls: calls };
}

/** The ids of the tool calls an assistant turn made, in order. */
function callOrder(message: ApiMessageParam | undefined): string[] {
  if (message?.role !== "assistant" || typeof message.content === "string") return [];
  return message.content.flatMap((b) => (b.type === "tool_use" ? [b.id] : []));
}

/** Tool results in the order of the calls they answer (strict chat templates pair them by position). */
function inCallOrder(results: ToolResultBlock[], order: string[]): ToolResultBlock[] {
  const rank = (r: ToolResultBlock) => {
    const at = order.indexOf(r.tool_use_id);
    return at < 0 ? order.length : at;
  };
  return results
    .map((result, position) => ({ result, position }))
    .sort((a, b) => rank(a.result) - rank(b.result) || a.position - b.position)
    .map(({ result }) => result);
}

/**
 * A user turn: its tool results become `tool` messages (which must come right after the
 * assistant message that called them), and its other blocks, with any images the results
 * held, a user message after them.
 */
function userMessages(
  content: string | UserContentBlock[],
  previous: ApiMessageParam | undefined,
): ChatCompletionMessageParam[] {
  if (typeof content === "string") return [{ role: "user", content }];
  const results = content.filter((b): b is ToolResultBlock => b.type === "tool_result");
  const rest = content.filter((b): b is PlainUserBlock => b.type !== "tool_result");
  const out: ChatCompletionMessageParam[] = [];
  const attached: PlainUserBlock[] = [];
  for (const result of inCallOrder(results, callOrder(previous))) {
    const translated = toolResultMessage(result);
    out.push(translated.message);
    if (translated.attachments.length > 0) {
      attached.push({
        type: "text",
        text: `Attached to the result of tool call ${result.tool_use_id}:`,
      });
      attached.push(...translated.attachments);
    }
  }
  const following = [...attached, ...rest];
  if (following.length > 0) out.push(userMessage(following));
  return out;
}

function toolDefinition(tool: ToolDefinition): ChatCompletionFunctionTool {
  return {
    type: "function",
    function: { name: tool.name, description: tool.description, parameters: tool.input_schema },
  };
}

/**
 * The streaming chat-completions request for a Messages API request. Pure. Thinking settings
 * are not sent: compatible servers have no common way to ask for a thinking budget.
 */
export function toChatCompletionRequest(
  request: ModelRequest,
): ChatCompletionCreateParamsStreaming {
  const messages: ChatCompletionMessageParam[] = systemMessage(request.system);
  request.messages.forEach((message, position) => {
    if (message.role === "assistant") messages.push(assistantMessage(message.content));
    else messages.push(...userMessages(message.content, request.messages[position - 1]));
  });
  return {
    model: request.model,
    messages,
    stream: true,
    stream_options: { include_usage: true },
    max_tokens: request.maxTokens,
    ...(request.tools && request.tools.length > 0
      ? { tools: request.tools.map(toolDefinition) }
      : {}),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.stopSequences && request.stopSequences.length > 0
      ? { stop: request.stopSequences }
      : {}),
  };
}
