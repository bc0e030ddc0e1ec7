import { resolve } from "node:path";
import type { PermissionMode } from "../../tools/context.js";
import { SettingsError } from "./errors.js";
import type { SettingsLayer } from "./layer.js";
import { parseSettingsText, type ReadText, readSettingsFile } from "./read-file.js";

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

/** The `--settings` layer: inline JSON when the value starts with `{`, else a file that must exist. */
export async function flagSettingsLayer(
  value: string,
  cwd: string,
  read?: ReadText,
): Promise<SettingsLayer> {
  if (value.trim().startsWith("{")) {
    const origin = "--settings (inline JSON)";
    return { source: "flagSettings", origin, settings: parseSettingsText(origin, value) };
  }
  const path = resolve(cwd, value);
  const settings = await readSettingsFile(path, read);
  if (!settings) throw new SettingsError(path, "", "does not exist (given with --settings)");
  return { source: "flagSettings", origin: path, settings };
}

/** The permission flags as a settings layer (the highest source). */
export function cliFlagsLayer(input: CliSettingsInput): SettingsLayer {
  const permissions = {
    ...(input.allowedTools ? { allow: splitToolList(input.allowedTools) } : {}),
    ...(input.disallowedTools ? { deny: splitToolList(input.disallowedTools) } : {}),
    ...(input.additionalDirectories
      ? { additionalDirectories: [...input.additionalDirectories] }
      : {}),
    ...(input.permissionMode ? { defaultMode: input.permissionMode } : {}),
  };
  return { source: "cli", origin: COMMAND_LINE, settings: { permissions } };
}
