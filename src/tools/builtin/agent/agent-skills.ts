import type { SkillExpansion } from "../skill/skill-tool.js";

/** Expands a skill by name for a subagent, as the Skill tool would (the session's skills). */
export type SkillPreloader = (name: string, signal: AbortSignal) => Promise<SkillExpansion>;

/** A preloaded skill's content as the subagent reads it, in Claude Code's command tags. */
function preloadedSkillText(name: string, text: string): string {
  return `<command-name>/${name}</command-name>\n<command-message>${name} is preloaded</command-message>\n\n${text}`;
}

/**
 * The subagent's first prompt with its definition's `skills` loaded before the task, as
 * Claude Code injects them at start: each skill's whole content, expanded. A skill the session
 * does not have (or that cannot expand) is left out, as Claude Code leaves it; no skills, no change.
 */
export async function withPreloadedSkills(
  prompt: string,
  skills: readonly string[] | undefined,
  preload: SkillPreloader | undefined,
  signal: AbortSignal,
): Promise<string> {
  if (!skills || !preload) return prompt;
  const loaded: string[] = [];
  for (const name of skills) {
    const expansion = await preload(name, signal);
    if (expansion.ok) loaded.push(preloadedSkillText(name, expansion.text));
  }
  return [...loaded, prompt].join("\n\n");
}
