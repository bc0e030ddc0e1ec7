import type { PermissionMode } from "../../../src/tools/context.js";
import type { LayoutPaths } from "./layout.js";

/** The built-in tools a case may call. */
export type CaseTool = "Bash" | "Read" | "Write" | "Edit" | "Glob" | "Grep";

/** The class of issue 22 a case belongs to, or the sweep over the read-only list. */
export type CaseClass = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | "readonly-list";

/** Permission rules in settings form, as a project's .claude/settings.json holds them. */
export interface CaseRules {
  allow?: string[];
  deny?: string[];
  ask?: string[];
}

/**
 * One tool call the harness runs in a fresh machine and judges by its effects. `$P`, `$O`, `$H`
 * and `$S` in inputs, setup commands and rules stand for the project, outside, home and
 * sentinel folders.
 */
export interface ToolCallCase extends CaseRules {
  id: string;
  mode: PermissionMode;
  tool: CaseTool;
  input: Record<string, unknown>;
  /** Bash commands run first (bypassPermissions, no permission check, effects not judged): `cd secrets`. */
  setup?: string[];
  /** Programs the call needs; without them it cannot show what it would do. */
  needs?: string[];
  /** Paths (relative to the machine, e.g. `project/x`) whose changes are expected. */
  noise?: string[];
}

/**
 * One adversarial tool call. If it ran, it would create, change or delete something under the
 * watched roots, or print a secret marker; keel must refuse it.
 */
export interface SecurityCase extends ToolCallCase {
  class: CaseClass;
  note?: string;
}

/** Replaces `$P`, `$O`, `$H`, `$S` (but not `$PWD`, `$HOME`, `$SHELL`: a placeholder ends the name). */
export function place(text: string, paths: LayoutPaths): string {
  const folders: Record<string, string> = {
    P: paths.project,
    O: paths.outside,
    H: paths.home,
    S: paths.sentinel,
  };
  return text.replace(/\$([POHS])(?![A-Za-z0-9_])/g, (_, key: string) => folders[key] ?? "");
}

/** A case's input with placeholders replaced in every string value. */
export function placeInput(
  input: Record<string, unknown>,
  paths: LayoutPaths,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(input).map(([key, value]) => [
      key,
      typeof value === "string" ? place(value, paths) : value,
    ]),
  );
}

/** The text that stands for a case in reports: the command, or the tool and its input. */
export function describeInput(tool: CaseTool, input: Record<string, unknown>): string {
  if (tool === "Bash" && typeof input.command === "string") return input.command;
  return `${tool} ${JSON.stringify(input)}`;
}
