import type { HookEvent } from "./events.js";

/** One command hook: a shell command run with the event's JSON on stdin. */
export interface CommandHookConfig {
  type: "command";
  command: string;
  /** Seconds before the hook is killed (default: the engine's, 60 s). */
  timeout?: number;
}

/** A matcher and the hooks that run when it matches. */
export interface HookMatcherGroup {
  /** Tool name, `A|B` list, regex, or `*`/empty/missing for all (see matcher.ts). */
  matcher?: string;
  hooks: CommandHookConfig[];
}

/** The hooks of one settings file (or of several, merged): event → matcher groups. */
export type HooksConfig = Partial<Record<HookEvent, HookMatcherGroup[]>>;

/** A problem in a settings file's `hooks` value, named by file and JSON path. */
export interface HooksConfigIssue {
  file: string;
  /** JSON path inside the file, e.g. `hooks.PreToolUse[0].hooks[1].command`. */
  path: string;
  message: string;
}

/** What parsing one file's `hooks` gave: the usable hooks, errors, and warnings. */
export interface ParsedHooksConfig {
  hooks: HooksConfig;
  /** Invalid entries (left out of `hooks`). */
  errors: HooksConfigIssue[];
  /** Valid entries keel does not run (other handler types, other events, unsupported fields). */
  warnings: HooksConfigIssue[];
}

/** Formats a JSON path from its segments: `hooks.PreToolUse[0].command`. */
export function jsonPath(segments: ReadonlyArray<PropertyKey>): string {
  return segments
    .map((segment, index) => {
      if (typeof segment === "number") return `[${segment}]`;
      const name = String(segment);
      return index === 0 ? name : `.${name}`;
    })
    .join("");
}

/** A HooksConfigIssue's one-line text: "file: path: message". */
export function describeIssue(issue: HooksConfigIssue): string {
  return `${issue.file}: ${issue.path}: ${issue.message}`;
}
