import type { TurnRules } from "../../../policy/engine.js";
import type { TurnOverrides } from "../../../tools/turn-overrides.js";
import { skillTurnOverrides } from "../../slash/skill-overrides.js";
import { expandCommand } from "./command-args.js";
import type { UserCommand } from "./command-file.js";
import type { CommandPrompt } from "./command-prompt.js";
import { forkedSkillTurn } from "./forked-skill-turn.js";
import type { ReplHost } from "./host.js";
import { inlineCommands } from "./inline-shell.js";
import { findCommand, sessionCommands } from "./user-command-lookup.js";

/** Allow rules a user command's `allowed-tools` puts in force for the turn it starts. */
export interface TurnAllow {
  rules: readonly string[];
  /** Where /permissions says they come from. */
  origin: string;
}

/**
 * A prompt ready to send: its text for the model (with the model, effort and rules a command
 * asks for, for its turn only), or a notice when it turned out not to be one (an error unless
 * `tone` says otherwise).
 */
export type PromptTurn =
  | { text: string; overrides?: TurnOverrides; allow?: TurnAllow }
  | { notice: string; tone?: "info" | "error" };

/** A user command's prompt; its !`command`s run as busy work that Esc kills, like `!cmd`. */
async function commandPrompt(
  host: ReplHost,
  found: UserCommand,
  args: string,
): Promise<CommandPrompt> {
  const session = host.activeSession;
  if (!session.expandUserCommand) return { ok: true, text: expandCommand(found.body, args) };
  // The arguments may bring !`command`s of their own: look at the text as commandPrompt does.
  if (inlineCommands(expandCommand(found.body, args)).length === 0) {
    return session.expandUserCommand(found, args, new AbortController().signal);
  }
  let prompt: CommandPrompt = { ok: false, problem: `/${found.name} was cancelled.` };
  await host.runBusy(async (signal) => {
    prompt = (await session.expandUserCommand?.(found, args, signal)) ?? prompt;
  });
  return prompt;
}

/** The user's own command (`.claude/commands`) the line names, expanded; or "unknown". */
export async function userCommandTurn(
  host: ReplHost,
  name: string,
  line: string,
): Promise<PromptTurn> {
  const found = findCommand(await sessionCommands(host.activeSession), name);
  if (!found) return { notice: `Unknown command /${name}. /help lists the commands.` };
  if (found.userInvocable === false) {
    return { notice: `/${found.name} can only be started by the model (user-invocable: false).` };
  }
  const args = line.slice(found.name.length + 1);
  const prompt = await commandPrompt(host, found, args);
  if (!prompt.ok) return { notice: prompt.problem };
  for (const text of prompt.notices ?? []) host.notice(text, "error");
  const tools = found.allowedTools ?? [];
  const allow =
    tools.length === 0
      ? undefined
      : { rules: tools, origin: `/${found.name} allowed-tools (this turn)` };
  if (found.fork) {
    return forkedSkillTurn(host, {
      skill: found,
      fork: found.fork,
      args,
      prompt: prompt.text,
      allow,
    });
  }
  // Its model as a full id (`opus` resolved, `inherit` the session's) and its effort.
  const overrides = skillTurnOverrides(found);
  return { text: prompt.text, ...(overrides ? { overrides } : {}), ...(allow ? { allow } : {}) };
}

/**
 * Puts a command's allowed-tools in force for the turn starting now; returns the rules, which
 * the caller removes when the turn ends (undefined when there is nothing to remove).
 */
export function allowForTurn(host: ReplHost, allow: TurnAllow | undefined): TurnRules | undefined {
  if (!allow) return undefined;
  const view = host.activeSession.permissions;
  if (!view?.allowForTurn) {
    host.notice(`${allow.origin} cannot be applied in this session: its calls ask.`, "error");
    return undefined;
  }
  const rules = view.allowForTurn(allow.rules, allow.origin);
  if (rules.problems.length > 0) {
    const problems = rules.problems.join("\n  ");
    host.notice(
      `${allow.origin}: entries that are not rules were left out:\n  ${problems}`,
      "error",
    );
  }
  return rules;
}
