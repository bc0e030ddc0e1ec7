import { stat } from "node:fs/promises";
import type { TurnRules } from "../../policy/engine.js";
import type { TurnOverrides } from "../../tools/turn-overrides.js";
import { parseSlashCommand } from "../repl/slash-commands.js";
import { type ForkedCommand, withForkExtras } from "./forked-command.js";
import { HEADLESS_BUILTINS, type HeadlessBuiltin } from "./headless-builtins.js";
import { initPrompt } from "./init-prompt.js";
import type { SessionSlash } from "./session-slash.js";
import { skillTurnOverrides } from "./skill-overrides.js";
import { userInvocable } from "./slash-catalog.js";

/** A headless prompt once its `/name` (if any) is looked up and expanded. */
export type HeadlessPrompt =
  /**
   * Send this text (a prompt, or a command's expansion); `rules` end with the turn, and so do
   * `overrides` (a skill's model and effort). `typed`: the prompt as written, which a running
   * turn may take in; a command's text (typed false) runs as a turn of its own.
   */
  | {
      kind: "send";
      text: string;
      typed: boolean;
      rules?: TurnRules;
      overrides?: TurnOverrides;
      notices: string[];
    }
  /** One of the REPL's commands keel -p runs itself (`/compact`, `/cost`). */
  | { kind: "builtin"; command: HeadlessBuiltin }
  /** A `context: fork` skill: its body runs as a subagent, only its result is kept. */
  | { kind: "forked"; command: ForkedCommand; notices: string[] }
  /** Nothing is sent: the reason is the turn's error. */
  | { kind: "refused"; message: string };

/** `/a, /b and /c`. */
function namesText(names: readonly string[]): string {
  const slashed = names.map((n) => `/${n}`);
  return slashed.length < 2
    ? slashed.join("")
    : `${slashed.slice(0, -1).join(", ")} and ${slashed.at(-1)}`;
}

/** True when `/word…` is a path on this machine (`/tmp is full`): a prompt, not a command. */
async function isPath(name: string): Promise<boolean> {
  const info = await stat(`/${name.split(":")[0] ?? name}`).catch(() => undefined);
  return info !== undefined;
}

/** An MCP server's prompt the line names, run with the words after it. */
async function mcpPrompt(slash: SessionSlash, name: string, line: string) {
  const prompt = slash.mcpPrompts().find((p) => p.name.toLowerCase() === name);
  if (!prompt) return undefined;
  try {
    return { text: await prompt.run(line.slice(prompt.name.length + 1).trim()) };
  } catch (error) {
    return {
      problem: `/${prompt.name} failed: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/**
 * A prompt of `keel -p` or of a stream-json user message, as Claude Code takes it: `/name args`
 * runs the command or skill of that name (its expansion is sent, its allowed-tools in force for
 * the turn) or an MCP prompt; an unknown `/name` is refused, never sent; `/usr/bin/x …` and
 * anything else is sent as written.
 */
export async function headlessPrompt(
  slash: SessionSlash,
  text: string,
  signal: AbortSignal,
): Promise<HeadlessPrompt> {
  const parsed = parseSlashCommand(text);
  if (!parsed) return { kind: "send", text, typed: true, notices: [] };
  const line = text.trim();
  if (parsed.kind === "known") {
    if (parsed.name === "compact") {
      return { kind: "builtin", command: { name: "compact", args: parsed.args } };
    }
    if (parsed.name === "cost") return { kind: "builtin", command: { name: "cost" } };
    if (parsed.name === "context") return { kind: "builtin", command: { name: "context" } };
    // An ordinary turn: the model does the work through the session's tools and permissions.
    if (parsed.name === "init") {
      return { kind: "send", text: initPrompt(parsed.args), typed: false, notices: [] };
    }
    return {
      kind: "refused",
      message: `/${parsed.name} is a command of the interactive REPL; keel -p runs ${namesText(HEADLESS_BUILTINS)} of them`,
    };
  }
  const commands = (await slash.catalog()).commands;
  const command = commands.find((c) => c.name === parsed.name);
  if (command && !userInvocable([command]).length) {
    return {
      kind: "refused",
      message: `/${command.name} can only be started by the model (user-invocable: false)`,
    };
  }
  if (command) {
    const args = line.slice(command.name.length + 1);
    const prompt = await slash.expand(command, args, signal);
    if (!prompt.ok) return { kind: "refused", message: prompt.problem };
    const tools = command.allowedTools ?? [];
    const rules =
      tools.length > 0
        ? slash.allow(tools, `/${command.name} allowed-tools (this turn)`)
        : undefined;
    if (command.fork) {
      const forked = { name: command.name, args: args.trim(), agent: command.fork.agent };
      const run = { ...forked, prompt: prompt.text, ...(rules ? { rules } : {}) };
      return {
        kind: "forked",
        command: withForkExtras(run, slash),
        notices: prompt.notices ?? [],
      };
    }
    const overrides = skillTurnOverrides(command);
    return {
      kind: "send",
      text: prompt.text,
      typed: false,
      notices: prompt.notices ?? [],
      ...(rules ? { rules } : {}),
      ...(overrides ? { overrides } : {}),
    };
  }
  const mcp = await mcpPrompt(slash, parsed.name, line);
  if (mcp?.text !== undefined) return { kind: "send", text: mcp.text, typed: false, notices: [] };
  if (mcp?.problem !== undefined) return { kind: "refused", message: mcp.problem };
  if (await isPath(parsed.name)) return { kind: "send", text, typed: true, notices: [] };
  return { kind: "refused", message: `Unknown command: /${parsed.name}` };
}
