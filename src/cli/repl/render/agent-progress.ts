import { z } from "zod";
import { toolSummary } from "../tool-summary.js";

/** One of a subagent's messages as its Agent call reports it (untrusted at this edge). */
const agentProgressSchema = z.object({
  type: z.literal("agent_progress"),
  color: z.string().optional(),
  message: z.object({
    type: z.enum(["assistant", "user"]),
    timestamp: z.string(),
    message: z.object({
      content: z.union([
        z.string(),
        z.array(z.looseObject({ type: z.string(), name: z.string().optional() })),
      ]),
      usage: z
        .looseObject({
          input_tokens: z.number(),
          output_tokens: z.number(),
          cache_creation_input_tokens: z.number().nullish(),
          cache_read_input_tokens: z.number().nullish(),
        })
        .optional(),
    }),
  }),
});

/** What a running Agent call shows under its line: the subagent's work so far. */
export interface AgentProgressView {
  /** Each tool call the subagent made, as the REPL summarises calls. */
  toolCalls: string[];
  /** The tokens of its latest request: what it read (context) and wrote. */
  tokens: number;
  /** When its first and latest messages came (ms since the epoch, from the messages). */
  firstAt: number;
  lastAt: number;
  /** The agent's `color` as its definition names it, when it has one. */
  color?: string;
}

type ProgressMessage = z.infer<typeof agentProgressSchema>["message"];

function toolCallsOf(message: ProgressMessage, cwd: string): string[] {
  if (message.type !== "assistant" || typeof message.message.content === "string") return [];
  return message.message.content.flatMap((block) =>
    block.type === "tool_use" && block.name !== undefined
      ? [toolSummary(block.name, (block as { input?: unknown }).input, cwd)]
      : [],
  );
}

function tokensOf(message: ProgressMessage): number | undefined {
  const usage = message.message.usage;
  if (message.type !== "assistant" || !usage) return undefined;
  return (
    usage.input_tokens +
    usage.output_tokens +
    (usage.cache_creation_input_tokens ?? 0) +
    (usage.cache_read_input_tokens ?? 0)
  );
}

/** Folds one subagent message into its call's view; undefined when the report is not one. */
export function foldAgentProgress(
  previous: AgentProgressView | undefined,
  data: unknown,
  cwd: string,
): AgentProgressView | undefined {
  const parsed = agentProgressSchema.safeParse(data);
  if (!parsed.success) return undefined;
  const message = parsed.data.message;
  const at = Date.parse(message.timestamp);
  const when = Number.isNaN(at) ? (previous?.lastAt ?? 0) : at;
  return {
    toolCalls: [...(previous?.toolCalls ?? []), ...toolCallsOf(message, cwd)],
    tokens: tokensOf(message) ?? previous?.tokens ?? 0,
    firstAt: previous?.firstAt ?? when,
    lastAt: when,
    ...(parsed.data.color === undefined ? {} : { color: parsed.data.color }),
  };
}

/** "1.2k" for 1,234 tokens. */
function compactCount(count: number): string {
  return count < 1000 ? String(count) : `${(count / 1000).toFixed(1)}k`;
}

/** The summary line: "3 tool uses · 1.2k tokens · 12s". */
export function agentProgressLine(view: AgentProgressView): string {
  const uses = view.toolCalls.length;
  const seconds = Math.max(0, Math.floor((view.lastAt - view.firstAt) / 1000));
  return `${uses} tool ${uses === 1 ? "use" : "uses"} · ${compactCount(view.tokens)} tokens · ${seconds}s`;
}
