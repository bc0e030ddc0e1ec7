import { sessionCommands } from "../commands/user-command-lookup.js";
import type { ReplSession } from "../repl-session.js";
import { SLASH_COMMANDS } from "../slash-commands.js";

/** A command the `/` menu offers: its name (without the `/`) and what it does. */
export interface CommandEntry {
  name: string;
  detail: string;
}

/** The built-in commands, known at once. */
export const BUILTIN_COMMANDS: readonly CommandEntry[] = SLASH_COMMANDS.map((c) => ({
  name: c.name,
  detail: c.help,
}));

/**
 * Every command the session can run: the built-in ones, the user's own (`.claude/commands`,
 * read now) and the MCP servers' prompts; a name taken earlier in that order is not repeated.
 */
export async function listCommands(session: ReplSession): Promise<CommandEntry[]> {
  const { commands } = await sessionCommands(session);
  // `user-invocable: false` skills are the model's alone: the menu does not offer them.
  const own = commands
    .filter((command) => command.userInvocable !== false)
    .map((command) => ({
      name: command.name,
      detail: `${command.description ?? command.body.split("\n")[0] ?? ""} (${command.scope})`,
    }));
  const prompts = (session.prompts?.() ?? []).map((prompt) => ({
    name: prompt.name,
    detail: "MCP prompt",
  }));
  const seen = new Set<string>();
  return [...BUILTIN_COMMANDS, ...own, ...prompts].filter((entry) => {
    const key = entry.name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** How well a name fits what was typed (lower is better): the same, starts with it, holds it. */
function rank(name: string, typed: string): number | undefined {
  const lower = name.toLowerCase();
  if (lower === typed) return 0;
  if (lower.startsWith(typed)) return 1;
  if (lower.includes(typed)) return 2;
  return undefined;
}

/**
 * The commands to offer for `/<typed>`: the one of that name, then those starting with it, then
 * those holding it, each group in the list's order (/help's, then the user's, then MCP's).
 */
export function matchCommands(commands: readonly CommandEntry[], typed: string): CommandEntry[] {
  const wanted = typed.toLowerCase();
  const ranked: Array<{ entry: CommandEntry; rank: number }> = [];
  for (const entry of commands) {
    const score = rank(entry.name, wanted);
    if (score !== undefined) ranked.push({ entry, rank: score });
  }
  // Array.prototype.sort is stable: equal ranks keep the list's order.
  return ranked.sort((a, b) => a.rank - b.rank).map((r) => r.entry);
}
