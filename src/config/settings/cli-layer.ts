import { resolve } from "node:path";
import type { PermissionMode } from "../../tools/context.js";
import { checkSettings } from "./check-settings.js";
import type { SettingsLayer } from "./layer.js";
import type { SettingsProblem } from "./problems.js";
import { parseSettingsJson, type ReadText, readSettingsFile } from "./read-file.js";

/** The settings-related command-line flags, as the CLI parsed them (absent = not given). */
export interface CliSettingsInput {
  /** `--settings <file or JSON>`. */
  settings?: string;
  /** `--allowedTools` values (each may hold several rules, comma- or space-separated). */
  allowedTools?: readonly string[];
  /** `--disallowedTools` values. */
  disallowedTools?: readonly string[];
  /** `--permission-mode`, only when given explicitly. */
  permissionMode?: PermissionMode;
  /** `--add-dir` values. */
  additionalDirectories?: readonly string[];
}

/** The label rules and errors from the command-line flags are reported under. */
export const COMMAND_LINE = "command line";

/**
 * Splits `--allowedTools` values into rules: commas and spaces separate rules, except inside
 * parentheses (`"Bash(git log:*) Edit"` → two rules, `Bash(npm run test:*)` stays one).
 */
export function splitToolList(values: readonly string[]): string[] {
  const rules: string[] = [];
  for (const value of values) {
    let depth = 0;
    let current = "";
    for (const char of value) {
      if (char === "(") depth++;
      if (char === ")") depth = Math.max(0, depth - 1);
      if (depth === 0 && (char === "," || /\s/.test(char))) {
        if (current !== "") rules.push(current);
        current = "";
      } else current += char;
    }
    if (current !== "") rules.push(current);
  }
  return rules;
}

/** A layer read and checked, with what was wrong in it (no layer when it is unusable). */
export interface CheckedLayer {
  layer?: SettingsLayer;
  problems: SettingsProblem[];
}

/**
 * The `--settings` layer: inline JSON when the value starts with `{`, else a file that must
 * exist. A value that is not a settings object is a bad flag value: it stops keel.
 */
export async function flagSettingsLayer(
  value: string,
  cwd: string,
  read?: ReadText,
): Promise<CheckedLayer> {
  const inline = value.trim().startsWith("{");
  const origin = inline ? "--settings (inline JSON)" : resolve(cwd, value);
  const found = inline ? parseSettingsJson(value) : await readSettingsFile(origin, read);
  if (found.kind !== "object") {
    const why = found.kind === "missing" ? "does not exist (given with --settings)" : found.why;
    return { problems: [{ file: origin, key: "", message: why, effect: "stops" }] };
  }
  const checked = checkSettings(origin, found.value);
  return {
    layer: { source: "flagSettings", origin, settings: checked.settings },
    problems: checked.problems,
  };
}

/** The permission flags as a settings layer (the highest source), checked as a file would be. */
export function cliFlagsLayer(input: CliSettingsInput): CheckedLayer {
  const permissions = {
    ...(input.allowedTools ? { allow: splitToolList(input.allowedTools) } : {}),
    ...(input.disallowedTools ? { deny: splitToolList(input.disallowedTools) } : {}),
    ...(input.additionalDirectories
      ? { additionalDirectories: [...input.additionalDirectories] }
      : {}),
    ...(input.permissionMode ? { defaultMode: input.permissionMode } : {}),
  };
  const checked = checkSettings(COMMAND_LINE, { permissions });
  return {
    layer: { source: "cli", origin: COMMAND_LINE, settings: checked.settings },
    problems: checked.problems,
  };
}
