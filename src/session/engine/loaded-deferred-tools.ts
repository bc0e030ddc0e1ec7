import { z } from "zod";
import type { Message } from "../../protocol/messages.js";
import type { AnyTool } from "../../tools/tool.js";

const toolSearchResult = z.object({ matches: z.array(z.object({ name: z.string() })) });

/**
 * The deferred tools whose definitions the conversation already holds: loaded by ToolSearch
 * or called directly in an earlier turn. Derived from the history, so it carries across turns
 * and a resume, and forgets what a compaction dropped.
 */
export function loadedDeferredTools(
  messages: readonly Message[],
  tools: readonly AnyTool[],
): Set<string> {
  const deferred = new Set(tools.filter((t) => t.shouldDefer).map((t) => t.name));
  const loaded = new Set<string>();
  if (deferred.size === 0) return loaded;
  for (const message of messages) {
    if (message.type === "assistant") {
      for (const block of message.message.content) {
        if (block.type === "tool_use" && deferred.has(block.name)) loaded.add(block.name);
      }
    } else if (message.type === "user" && message.toolUseResult !== undefined) {
      const parsed = toolSearchResult.safeParse(message.toolUseResult);
      if (!parsed.success) continue;
      for (const match of parsed.data.matches) if (deferred.has(match.name)) loaded.add(match.name);
    }
  }
  return loaded;
}
