import type { ApiMessageParam, SystemPrompt, ToolDefinition } from "../../protocol/api.js";
import type {
  AssistantContentBlock,
  CacheControl,
  TextBlock,
  UserContentBlock,
} from "../../protocol/content.js";
import type { ModelRequest } from "../provider.js";

/** The API rejects a request with more cache breakpoints than this. */
export const MAX_CACHE_BREAKPOINTS = 4;

const EPHEMERAL: CacheControl = { type: "ephemeral" };

type Block = UserContentBlock | AssistantContentBlock;

/** Thinking blocks cannot carry a breakpoint, and the API refuses one on empty text. */
function isCacheable(block: Block): boolean {
  if (block.type === "thinking" || block.type === "redacted_thinking") return false;
  return block.type !== "text" || block.text !== "";
}

function hasBreakpoint(block: Block | ToolDefinition): boolean {
  return "cache_control" in block && block.cache_control !== undefined;
}

function marked<B extends Block>(block: B): B {
  return hasBreakpoint(block) ? block : { ...block, cache_control: EPHEMERAL };
}

function unmarked<B extends Block | ToolDefinition>(block: B): B {
  if (!hasBreakpoint(block)) return block;
  const { cache_control: _dropped, ...rest } = block as B & { cache_control?: CacheControl };
  return rest as B;
}

/** The system prompt as text blocks, its last non-empty block carrying a breakpoint. */
function systemWithBreakpoint(system: SystemPrompt | undefined): SystemPrompt | undefined {
  if (system === undefined || system.length === 0) return system;
  const blocks: TextBlock[] =
    typeof system === "string" ? [{ type: "text", text: system }] : system.map((b) => ({ ...b }));
  const last = blocks.length - 1;
  const target = blocks[last];
  if (target && isCacheable(target)) blocks[last] = marked(target);
  return blocks;
}

/** Blocks with every breakpoint removed except one on the block at `target` (-1: none). */
function restriped<B extends Block>(blocks: B[], target: number): B[] {
  return blocks.map((block, i) => (i === target ? marked(block) : unmarked(block)));
}

function lastCacheableIndex(blocks: readonly Block[]): number {
  for (let i = blocks.length - 1; i >= 0; i--) {
    const block = blocks[i];
    if (block && isCacheable(block)) return i;
  }
  return -1;
}

/** One message with its breakpoints removed, or (for the last message) moved to its last cacheable block. */
function messageWithBreakpoint(message: ApiMessageParam, isLast: boolean): ApiMessageParam {
  if (typeof message.content === "string") {
    if (!isLast || message.content === "") return message;
    const text: TextBlock = { type: "text", text: message.content, cache_control: EPHEMERAL };
    return message.role === "user"
      ? { role: "user", content: [text] }
      : { role: "assistant", content: [text] };
  }
  const target = isLast ? lastCacheableIndex(message.content) : -1;
  return message.role === "user"
    ? { role: "user", content: restriped(message.content, target) }
    : { role: "assistant", content: restriped(message.content, target) };
}

function countBreakpoints(blocks: readonly (Block | ToolDefinition)[]): number {
  return blocks.filter(hasBreakpoint).length;
}

function messageBreakpoints(messages: readonly ApiMessageParam[]): number {
  return messages.reduce(
    (n, m) => n + (typeof m.content === "string" ? 0 : countBreakpoints(m.content)),
    0,
  );
}

/** Removes the earliest tool, then system, breakpoints until at most `allowed` remain. */
function capped(
  tools: ToolDefinition[] | undefined,
  system: SystemPrompt | undefined,
  allowed: number,
): { tools: ToolDefinition[] | undefined; system: SystemPrompt | undefined } {
  const systemBlocks = typeof system === "string" || system === undefined ? [] : system;
  let excess = countBreakpoints(tools ?? []) + countBreakpoints(systemBlocks) - allowed;
  const trim = <B extends Block | ToolDefinition>(block: B): B => {
    if (excess <= 0 || !hasBreakpoint(block)) return block;
    excess -= 1;
    return unmarked(block);
  };
  const newTools = tools?.map(trim);
  const newSystem = typeof system === "string" || system === undefined ? system : system.map(trim);
  return { tools: newTools, system: newSystem };
}

/**
 * The request with prompt-cache breakpoints placed as Claude Code places them: one on the
 * last system block, exactly one message-level one on the last cacheable block of the last
 * message, never more than the API's four in all (the earliest extra ones are dropped).
 * The input is not changed.
 */
export function withCacheBreakpoints(request: ModelRequest): ModelRequest {
  const last = request.messages.length - 1;
  const messages = request.messages.map((m, i) => messageWithBreakpoint(m, i === last));
  const allowed = MAX_CACHE_BREAKPOINTS - messageBreakpoints(messages);
  const { tools, system } = capped(request.tools, systemWithBreakpoint(request.system), allowed);
  const result: ModelRequest = { ...request, messages };
  if (tools !== undefined) result.tools = tools;
  if (system !== undefined) result.system = system;
  return result;
}
