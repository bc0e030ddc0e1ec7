import { contextSettingsFromEnv, contextWindowFor } from "../../context/limits.js";
import type { ListingBudget } from "../../session/skills/skill-listing.js";
import { skillListing, skillListingReminder } from "../../session/skills/skill-listing.js";
import { createSkillTool } from "../../tools/builtin/skill/skill-tool.js";
import type { AnyTool } from "../../tools/tool.js";
import type { SdkSlashCommand } from "../control/initialize-response.js";
import type { UserCommand } from "../repl/commands/command-file.js";
import { headlessBuiltinCommands } from "./headless-builtins.js";
import type { SessionSlash } from "./session-slash.js";
import { modelInvocable, userInvocable } from "./slash-catalog.js";

/**
 * The listing's room: `skillListingBudgetFraction` (1%) of the model's window, or
 * `SLASH_COMMAND_TOOL_CHAR_BUDGET` characters; descriptions cut at `skillListingMaxDescChars`.
 */
export function listingBudget(
  model: string,
  env: Readonly<Record<string, string | undefined>>,
  settings: { skillListingBudgetFraction?: number; skillListingMaxDescChars?: number } = {},
): ListingBudget {
  const override = contextSettingsFromEnv(env).windowOverride;
  const chars = Number(env.SLASH_COMMAND_TOOL_CHAR_BUDGET);
  return {
    contextWindowTokens: contextWindowFor(model, override === undefined ? {} : { override }),
    ...(Number.isInteger(chars) && chars > 0 ? { charBudget: chars } : {}),
    ...(settings.skillListingBudgetFraction === undefined
      ? {}
      : { fraction: settings.skillListingBudgetFraction }),
    ...(settings.skillListingMaxDescChars === undefined
      ? {}
      : { maxDescChars: settings.skillListingMaxDescChars }),
  };
}

/** The Skill tool (sent while `skillToolInPlay` says so). */
export function skillTools(slash: SessionSlash): AnyTool[] {
  return [createSkillTool(slash.skillTool)];
}

/**
 * Whether the Skill tool is sent: only while some skill or described command is the model's
 * to start (now, or once files bring a skill with `paths` into play), so a session without
 * any sends no tool it cannot use, and one whose reload found its first skill gains it.
 */
export function skillToolInPlay(slash: SessionSlash): () => boolean {
  return () => modelInvocable(slash.start.commands).length > 0;
}

/** The listing of the skills that files the model touched bring into play, or undefined. */
export function conditionalListing(slash: SessionSlash, budget: ListingBudget) {
  return (paths: readonly string[]): string | undefined => {
    const text = skillListing(slash.activateFor(paths), budget);
    return text === "" ? undefined : skillListingReminder(text);
  };
}

/**
 * system/init's `slash_commands` (the names `sdkSlashCommands` lists, each once) and `skills`,
 * and the listing the model gets with the first prompt and again after a compaction: made when
 * asked, so it holds the skills files have brought into play since the session started; the
 * skills a reload added are told on the next turn.
 */
export function engineSkillConfig(slash: SessionSlash, budget: ListingBudget) {
  return {
    commands: [...new Set(sdkSlashCommands(slash).map((command) => command.name))],
    skills: slash.start.skillNames,
    skillListing: () => {
      // The whole listing tells of every skill, reloaded ones too.
      slash.takeAdded();
      const text = skillListing(slash.listed(), budget);
      return text === "" ? undefined : skillListingReminder(text);
    },
    addedSkillsListing: () => {
      const text = skillListing(slash.takeAdded(), budget);
      return text === "" ? undefined : skillListingReminder(text);
    },
  };
}

/** A command or skill as the SDK's `SlashCommand` has it (its first line when undescribed). */
export function sdkSlashCommand(command: UserCommand): SdkSlashCommand {
  return {
    name: command.name,
    description: command.description ?? command.body.split("\n")[0] ?? "",
    argumentHint: command.argumentHint ?? "",
  };
}

/**
 * What a person may run as `/name` headless, as the SDK's `supportedCommands()` lists them: the
 * commands and skills, keel's own commands that `keel -p` runs (marked `builtin`, which wins
 * a shared name, as the SDK's type says), then the MCP servers' prompts.
 */
export function sdkSlashCommands(
  slash: Pick<SessionSlash, "start" | "mcpPrompts">,
): SdkSlashCommand[] {
  return [
    ...userInvocable(slash.start.commands).map(sdkSlashCommand),
    ...headlessBuiltinCommands(),
    ...slash.mcpPrompts().map((prompt) => ({
      name: prompt.name,
      description: prompt.description,
      argumentHint: prompt.argumentNames.map((name) => `<${name}>`).join(" "),
    })),
  ];
}
