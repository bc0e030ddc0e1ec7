import type {
  ChatCompletionContentPart,
  ChatCompletionToolMessageParam,
  ChatCompletionUserMessageParam,
} from "openai/resources/chat/completions";
import type {
  DocumentBlock,
  ImageBlock,
  TextBlock,
  ToolResultBlock,
} from "../../protocol/content.js";

/** A user block that is not a tool result. */
export type PlainUserBlock = TextBlock | ImageBlock | DocumentBlock;

/** The prefix of a failed tool's result, so the model knows the call did not succeed. */
export const TOOL_ERROR_PREFIX = "Error: ";

function imagePart(block: ImageBlock): ChatCompletionContentPart {
  const url =
    block.source.type === "base64"
      ? `data:${block.source.media_type};base64,${block.source.data}`
      : block.source.url;
  return { type: "image_url", image_url: { url } };
}

function documentPart(block: DocumentBlock): ChatCompletionContentPart {
  const source = block.source;
  const title = block.title ? `${block.title}\n\n` : "";
  switch (source.type) {
    case "text":
      return { type: "text", text: `${title}${source.data}` };
    case "base64":
      return {
        type: "file",
        file: {
          filename: block.title ?? "document.pdf",
          file_data: `data:${source.media_type};base64,${source.data}`,
        },
      };
    case "url":
      // Chat completions take no document URLs: the model is at least told where it is.
      return { type: "text", text: `${title}Document at ${source.url}` };
  }
}

/** A chat-completions content part for one user block. */
export function contentPart(block: PlainUserBlock): ChatCompletionContentPart {
  switch (block.type) {
    case "text":
      return { type: "text", text: block.text };
    case "image":
      return imagePart(block);
    case "document":
      return documentPart(block);
  }
}

/**
 * A user message from plain blocks. Text-only content is sent as one string, which every
 * compatible server accepts; content parts only when there is an image or a file.
 */
export function userMessage(blocks: PlainUserBlock[]): ChatCompletionUserMessageParam {
  const parts = blocks.map(contentPart);
  const texts = parts.flatMap((part) => (part.type === "text" ? [part.text] : []));
  if (texts.length === parts.length) return { role: "user", content: texts.join("\n\n") };
  return { role: "user", content: parts };
}

/** A tool result as a tool message, plus the images or files it held (tool messages take only text). */
export interface TranslatedToolResult {
  message: ChatCompletionToolMessageParam;
  attachments: PlainUserBlock[];
}

/** Translates one tool_result block. */
export function toolResultMessage(block: ToolResultBlock): TranslatedToolResult {
  const content = block.content ?? "";
  const blocks: PlainUserBlock[] =
    typeof content === "string" ? [{ type: "text", text: content }] : content;
  const texts: string[] = [];
  const attachments: PlainUserBlock[] = [];
  for (const part of blocks) {
    const translated = contentPart(part);
    if (translated.type === "text") texts.push(translated.text);
    else attachments.push(part);
  }
  let text = texts.join("\n");
  if (attachments.length > 0) {
    text = `${text}${text === "" ? "" : "\n"}(the result's ${attachments.length === 1 ? "attachment follows" : "attachments follow"} in the next user message)`;
  }
  if (block.is_error) text = `${TOOL_ERROR_PREFIX}${text}`;
  return {
    message: { role: "tool", tool_call_id: block.tool_use_id, content: text },
    attachments,
  };
}
