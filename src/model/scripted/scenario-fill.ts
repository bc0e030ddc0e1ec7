import type { z } from "zod";
import type { AssistantContentBlock } from "../../protocol/content.js";
import { plausibleEncryptedContent, plausibleSignature, stableId } from "./ids.js";
import type { Pacing } from "./pacing.js";
import type { contentBlockSchema, ScenarioInput } from "./scenario-schema.js";
import type { ScriptedResponse } from "./scenario-types.js";

type BlockInput = z.output<typeof contentBlockSchema>;
type ResultInput = Extract<BlockInput, { type: "web_search_tool_result" }>;

/** A web search result with its defaults filled in: the API's shape, blob included. */
function fillResults(content: ResultInput["content"]) {
  if (!Array.isArray(content)) return content;
  return content.map((page) => ({
    ...page,
    encrypted_content: page.encrypted_content ?? plausibleEncryptedContent(page.url),
  }));
}

/**
 * A block as the API would send it: ids, signatures and result blobs made up (the same on
 * every run) where the scenario leaves them out. `lastServerCall` is the id of the
 * server_tool_use before this block, which a web_search_tool_result answers by default.
 */
function fillBlock(block: BlockInput, seed: string, lastServerCall: string): AssistantContentBlock {
  switch (block.type) {
    case "tool_use":
      return { ...block, id: block.id ?? stableId("toolu", `${seed}:${block.name}`) };
    case "server_tool_use":
      return { ...block, id: block.id ?? stableId("srvtoolu", `${seed}:${block.name}`) };
    case "web_search_tool_result":
      return {
        type: "web_search_tool_result",
        tool_use_id: block.tool_use_id ?? lastServerCall,
        content: fillResults(block.content),
      };
    case "thinking":
      return { ...block, signature: block.signature ?? plausibleSignature(block.thinking) };
    default:
      return block;
  }
}

/** A response's blocks, filled in order (a result finds the call before it). */
export function fillContent(blocks: readonly BlockInput[], seed: string): AssistantContentBlock[] {
  let lastServerCall = "";
  return blocks.map((block, i) => {
    const filled = fillBlock(block, `${seed}:${i}`, lastServerCall);
    if (filled.type === "server_tool_use") lastServerCall = filled.id;
    return filled;
  });
}

type ResponseInput = ScenarioInput["turns"][number] | ScenarioInput["side"][number];

/** A turn or side rule as served: blocks filled, stop reason and pacing decided. */
export function toResponse(input: ResponseInput, seed: string, defaults: Pacing): ScriptedResponse {
  const content = fillContent(input.content, seed);
  const hasToolUse = content.some((block) => block.type === "tool_use");
  return {
    content,
    stopReason: input.stop_reason ?? (hasToolUse ? "tool_use" : "end_turn"),
    ...(input.usage ? { usage: input.usage } : {}),
    chunkDelayMs: input.chunkDelayMs ?? defaults.chunkDelayMs,
    deltaDelayMs: input.deltaDelayMs ?? defaults.deltaDelayMs,
  };
}
