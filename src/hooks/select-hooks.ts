import { type HookHandlerConfig, type HooksConfig, hookIdentity } from "./config.js";
import type { HookEvent } from "./events.js";
import { type IfSubject, ifRuleMatches } from "./if-rule.js";
import { fileMatcherMatches, matcherMatches } from "./matcher.js";

/** What the hooks of one firing are chosen by. */
export interface HookSelection {
  /** The value matchers are tested against (undefined: every group). */
  query: string | undefined;
  /** The tool call `if` rules are tested against (undefined: no tool, `if` never matches). */
  subject: IfSubject | undefined;
  /** `once` hooks that already ran this session. */
  spent: ReadonlySet<HookHandlerConfig>;
}

/**
 * The hooks of `event` whose group matcher fits, whose `if` rule (if any) matches the tool
 * call, and that are not spent `once` hooks; identical handlers (same command, URL or
 * prompt) once.
 */
export function selectHooks(
  config: HooksConfig,
  event: HookEvent,
  selection: HookSelection,
): HookHandlerConfig[] {
  const seen = new Set<string>();
  const selected: HookHandlerConfig[] = [];
  for (const group of config[event] ?? []) {
    const fits =
      event === "FileChanged" && selection.query !== undefined
        ? fileMatcherMatches(group.matcher, selection.query)
        : matcherMatches(group.matcher, selection.query);
    if (!fits) continue;
    for (const hook of group.hooks) {
      if (hook.once === true && selection.spent.has(hook)) continue;
      if (hook.if !== undefined && !ifRuleMatches(hook.if, selection.subject)) continue;
      // Two plugins' same command text runs in each plugin's own folder: not duplicates.
      const env = hook.type === "command" && hook.env ? JSON.stringify(hook.env) : "";
      const identity = `${hookIdentity(hook)}\0${env}`;
      if (seen.has(identity)) continue;
      seen.add(identity);
      selected.push(hook);
    }
  }
  return selected;
}
