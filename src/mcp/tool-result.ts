import { z } from "zod";
import type { ImageBlock, ImageMediaType, TextBlock } from "../protocol/content.js";

const IMAGE_TYPES: readonly string[] = ["image/png", "image/jpeg", "image/gif", "image/webp"];

const resourceContentsSchema = z.looseObject({
  uri: z.string(),
  mimeType: z.string().optional(),
  text: z.string().optional(),
  blob: z.string().optional(),
});

const contentItemSchema = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("text"), text: z.string() }),
  z.looseObject({ type: z.literal("image"), data: z.string(), mimeType: z.string() }),
  z.looseObject({ type: z.literal("audio"), data: z.string(), mimeType: z.string() }),
  z.looseObject({
    type: z.literal("resource_link"),
    uri: z.string(),
    name: z.string(),
    description: z.string().optional(),
    mimeType: z.string().optional(),
  }),
  z.looseObject({ type: z.literal("resource"), resource: resourceContentsSchema }),
]);

/** A tools/call result as keel reads it (checked here: it comes from another program). */
export const callToolResultSchema = z.looseObject({
  content: z.array(z.unknown()).default([]),
  structuredContent: z.record(z.string(), z.unknown()).optional(),
  isError: z.boolean().optional(),
});

/** One resource's contents (from a result or from resources/read). */
export type ResourceContents = z.infer<typeof resourceContentsSchema>;

/** The blocks a tool result may carry to the model. */
export type ResultBlock = TextBlock | ImageBlock;

/** What an MCP tool call produced, ready for a tool_result block. */
export interface McpToolOutput {
  content: ResultBlock[];
  isError: boolean;
}

function text(value: string): TextBlock {
  return { type: "text", text: value };
}

/** Base64 data as an image block when the API accepts its type, else a note. */
export function imageOrNote(data: string, mimeType: string | undefined, what: string): ResultBlock {
  if (mimeType && IMAGE_TYPES.includes(mimeType)) {
    return {
      type: "image",
      source: { type: "base64", media_type: mimeType as ImageMediaType, data },
    };
  }
  const bytes = Math.floor((data.length * 3) / 4);
  return text(`[${what} (${mimeType ?? "unknown type"}, about ${bytes} bytes) not shown]`);
}

/** An embedded resource: its text with its URI, an image, or a note for other binary data. */
export function resourceBlock(resource: ResourceContents): ResultBlock {
  if (resource.text !== undefined) return text(`Resource ${resource.uri}:\n${resource.text}`);
  if (resource.blob !== undefined) {
    return imageOrNote(resource.blob, resource.mimeType, `binary resource ${resource.uri}`);
  }
  return text(`Resource ${resource.uri} (no contents)`);
}

function itemBlock(raw: unknown): ResultBlock {
  const parsed = contentItemSchema.safeParse(raw);
  if (!parsed.success) return text(`[unsupported MCP content: ${JSON.stringify(raw)}]`);
  const item = parsed.data;
  switch (item.type) {
    case "text":
      return text(item.text);
    case "image":
      return imageOrNote(item.data, item.mimeType, "image");
    case "audio":
      return imageOrNote(item.data, item.mimeType, "audio");
    case "resource_link": {
      const details = [item.mimeType, item.description].filter(Boolean).join(", ");
      return text(`Resource link: ${item.name} (${item.uri})${details ? ` — ${details}` : ""}`);
    }
    case "resource":
      return resourceBlock(item.resource);
  }
}

/**
 * Maps a tools/call result to tool_result content: text, images, resource links and embedded
 * resources in order; structured content as JSON text when there is no text; `isError` kept.
 */
export function mapCallToolResult(raw: unknown): McpToolOutput {
  const parsed = callToolResultSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      content: [text(`[malformed MCP tool result: ${parsed.error.message}]`)],
      isError: true,
    };
  }
  const content = parsed.data.content.map(itemBlock);
  const structured = parsed.data.structuredContent;
  if (structured !== undefined && !content.some((block) => block.type === "text")) {
    content.push(text(JSON.stringify(structured)));
  }
  return { content, isError: parsed.data.isError === true };
}
