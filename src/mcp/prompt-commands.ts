import type { Prompt } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { mcpPromptCommandName } from "./names.js";

/** A server prompt as a slash command `/mcp__<server>__<prompt> [args]`. */
export interface McpPromptCommand {
  /** The command name without the leading `/`. */
  name: string;
  server: string;
  prompt: string;
  description: string;
  /** The prompt's arguments in order: the words typed after the command fill them. */
  argumentNames: string[];
  /** Fetches the prompt with these arguments and returns its text. */
  run(args: string): Promise<string>;
}

/** Fetches a prompt from its server (prompts/get). */
export type GetMcpPrompt = (prompt: string, args: Record<string, string>) => Promise<unknown>;

const getPromptResultSchema = z.looseObject({
  messages: z.array(
    z.looseObject({
      role: z.string(),
      content: z.looseObject({ type: z.string(), text: z.string().optional() }),
    }),
  ),
});

/**
 * Claude Code's argument rule: the words after the command fill the prompt's arguments in
 * order; the last argument takes the rest of the line.
 */
export function promptArguments(names: readonly string[], args: string): Record<string, string> {
  const words = args.trim() === "" ? [] : args.trim().split(/\s+/);
  const out: Record<string, string> = {};
  names.forEach((name, index) => {
    const value = index === names.length - 1 ? words.slice(index).join(" ") : words[index];
    if (value !== undefined && value !== "") out[name] = value;
  });
  return out;
}

/** The text of a prompts/get result: each message's text, in order. */
export function promptText(raw: unknown): string {
  const result = getPromptResultSchema.parse(raw);
  return result.messages
    .map((message) =>
      message.content.text !== undefined
        ? message.content.text
        : `[${message.content.type} content]`,
    )
    .join("\n\n");
}

/** One server's prompts as slash commands. */
export function promptCommands(
  server: string,
  prompts: readonly Prompt[],
  get: GetMcpPrompt,
): McpPromptCommand[] {
  return prompts.map((prompt) => {
    const argumentNames = (prompt.arguments ?? []).map((a) => a.name);
    return {
      name: mcpPromptCommandName(server, prompt.name),
      server,
      prompt: prompt.name,
      description: prompt.description ?? prompt.title ?? prompt.name,
      argumentNames,
      run: async (args) => promptText(await get(prompt.name, promptArguments(argumentNames, args))),
    };
  });
}
