import type { CanUseTool, PermissionResult } from "../tools/context.js";
import type { PermissionSuggestions } from "./decision.js";
import type { PermissionEngine } from "./engine.js";
import { noOneToAsk } from "./no-one-to-ask.js";
import { decideCall, settledResult } from "./settled.js";

/** The ways to allow a call, as flags a person can add to the command line. */
export function howToAllow(suggestions: PermissionSuggestions): string[] {
  const ways: string[] = [];
  if (suggestions.rules.length > 0) {
    const rules = suggestions.rules.map((rule) => `"${rule}"`).join(" ");
    ways.push(
      `run keel with --allowedTools ${rules} (or add it to permissions.allow in .claude/settings.json)`,
    );
  }
  for (const dir of suggestions.directories) ways.push(`add the folder with --add-dir ${dir}`);
  for (const mode of suggestions.modes) ways.push(`run keel with --permission-mode ${mode}`);
  return ways;
}

/**
 * canUseTool for print mode, where no person can answer: the engine's ask becomes a denial
 * whose message says which rule or flag would allow the call (contracts.md §6). The model
 * sees it as an error result and carries on.
 */
export function createHeadlessCanUseTool(engine: PermissionEngine): CanUseTool {
  return async (
    tool,
    input,
    context,
    _assistant,
    toolUseId,
    hookVerdict,
  ): Promise<PermissionResult> => {
    const decision = await decideCall(engine, tool, input, context, hookVerdict, toolUseId);
    if (decision.behavior !== "ask") return settledResult(decision);
    const personal = noOneToAsk(tool.name, input);
    if (personal) return personal;
    const ways = howToAllow(decision.suggestions);
    const remedy =
      ways.length > 0
        ? `To allow it, ${ways.join("; or ")}.`
        : "Only a person can approve it: run keel interactively.";
    return {
      behavior: "deny",
      message: `Permission to use ${tool.name} was denied: ${decision.message} keel is running headless, with no one to approve the call. ${remedy}`,
    };
  };
}
