/** A skill (or command) the model may start with the Skill tool, as the listing shows it. */
export interface ListedSkill {
  name: string;
  /** The description, with `when_to_use` after it when the skill has one. */
  description: string;
}

/** Claude Code's share of the context window the listing may take (`skillListingBudgetFraction`). */
export const DEFAULT_LISTING_FRACTION = 0.01;
/** Claude Code's cap on one entry's description (`skillListingMaxDescChars`). */
export const DEFAULT_MAX_DESC_CHARS = 1536;
/** Below this many characters a description says too little: names alone are listed. */
const MIN_DESC_CHARS = 20;
const CHARS_PER_TOKEN = 4;

/** How much room the listing has. */
export interface ListingBudget {
  contextWindowTokens: number;
  fraction?: number;
  maxDescChars?: number;
  /** `SLASH_COMMAND_TOOL_CHAR_BUDGET`: a budget in characters that replaces the fraction. */
  charBudget?: number;
}

function cut(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, Math.max(0, max - 1)).trimEnd()}…`;
}

function lines(skills: readonly ListedSkill[], maxDesc: number): string[] {
  return skills.map((skill) =>
    skill.description.trim() === ""
      ? `- ${skill.name}`
      : `- ${skill.name}: ${cut(skill.description, maxDesc)}`,
  );
}

/**
 * The listing's entries as Claude Code writes them, `- name: description`, within the budget:
 * every description whole (up to the per-entry cap) when they fit; else each cut to an equal
 * share of the room left after the names; names alone when that share is too small.
 */
export function skillListing(skills: readonly ListedSkill[], budget: ListingBudget): string {
  if (skills.length === 0) return "";
  const room =
    budget.charBudget ??
    Math.floor(
      budget.contextWindowTokens * CHARS_PER_TOKEN * (budget.fraction ?? DEFAULT_LISTING_FRACTION),
    );
  const maxDesc = budget.maxDescChars ?? DEFAULT_MAX_DESC_CHARS;
  const full = lines(skills, maxDesc).join("\n");
  if (full.length <= room) return full;
  const overhead = skills.reduce((sum, skill) => sum + `- ${skill.name}: `.length + 1, 0);
  const share = Math.floor((room - overhead) / skills.length);
  if (share < MIN_DESC_CHARS) return skills.map((skill) => `- ${skill.name}`).join("\n");
  return lines(skills, Math.min(share, maxDesc)).join("\n");
}

/** The reminder the model gets with the listing (Claude Code's skill_listing attachment). */
export function skillListingReminder(listing: string): string {
  return `The following skills are available for use with the Skill tool:\n\n${listing}`;
}
