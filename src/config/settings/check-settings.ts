import type { z } from "zod";
import { parseHooksConfig } from "../../hooks/parse-config.js";
import { checkPermissions } from "./check-permissions.js";
import { CLAUDE_CODE_SETTINGS_KEYS } from "./claude-code-keys.js";
import { formatJsonPath } from "./errors.js";
import { ProblemSink, type SettingsProblem } from "./problems.js";
import { sandboxSettingsSchema } from "./sandbox-schema.js";
import { plainKeySchemas, type SettingsFile } from "./schema.js";

/** One file's settings as keel uses them, and what was wrong in it. */
export interface CheckedSettings {
  settings: SettingsFile;
  problems: SettingsProblem[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isPlainKey = (key: string): key is keyof typeof plainKeySchemas =>
  Object.hasOwn(plainKeySchemas, key);

/** The first problem zod found in a key's value, as the key's path and a message. */
function zodProblem(key: string, error: z.ZodError): { path: string; message: string } {
  const issue = error.issues[0];
  const path = formatJsonPath([key, ...(issue?.path ?? [])]);
  return { path, message: issue?.message ?? "invalid value" };
}

/** `env`: variables whose value is not a string are skipped one by one. */
function checkEnv(value: unknown, sink: ProblemSink): Record<string, string> | undefined {
  if (!isRecord(value)) return void sink.skip("env", "expected an object of variables and values");
  const env: Record<string, string> = {};
  for (const [name, text] of Object.entries(value)) {
    if (typeof text === "string") env[name] = text;
    else sink.skip(formatJsonPath(["env", name]), `expected a string, got ${typeof text}`);
  }
  return env;
}

/** `sandbox`: any invalid value stops keel; keys it does not know are named by the merge. */
function checkSandbox(value: unknown, sink: ProblemSink): SettingsFile["sandbox"] {
  const parsed = sandboxSettingsSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    sink.stop(formatJsonPath(["sandbox", ...issue.path]), issue.message);
  }
  return undefined;
}

/** `hooks`: broken hooks stop keel; hooks keel does not run are named as having no effect. */
function checkHooks(value: unknown, sink: ProblemSink): unknown {
  const parsed = parseHooksConfig(value, { file: sink.file });
  for (const error of parsed.errors) sink.stop(error.path, error.message);
  for (const warning of parsed.warnings) sink.noEffect(warning.path, warning.message);
  return parsed.errors.length === 0 ? value : undefined;
}

/** One key of the file into `settings`, or its problem into the sink. */
function checkKey(key: string, value: unknown, settings: SettingsFile, sink: ProblemSink): void {
  if (key === "permissions") settings.permissions = checkPermissions(value, sink);
  else if (key === "hooks") settings.hooks = checkHooks(value, sink);
  else if (key === "sandbox") settings.sandbox = checkSandbox(value, sink);
  else if (key === "env") settings.env = checkEnv(value, sink);
  else if (isPlainKey(key)) {
    const parsed = plainKeySchemas[key].safeParse(value);
    if (parsed.success) Object.assign(settings, { [key]: parsed.data });
    else {
      const problem = zodProblem(key, parsed.error);
      sink.skip(problem.path, problem.message);
    }
  } else if (CLAUDE_CODE_SETTINGS_KEYS.has(key)) {
    sink.noEffect(formatJsonPath([key]), "a Claude Code setting keel does not have; no effect");
  } else sink.skip(formatJsonPath([key]), "not a setting keel or Claude Code knows");
}

/**
 * Checks one settings file's object key by key, as contracts §12 says: a bad value or an
 * unknown key is reported and skipped, the rest applies; a broken `permissions`, `hooks` or
 * `sandbox` setting is a problem that stops keel.
 */
export function checkSettings(file: string, value: Record<string, unknown>): CheckedSettings {
  const sink = new ProblemSink(file);
  const settings: SettingsFile = {};
  for (const [key, entry] of Object.entries(value)) checkKey(key, entry, settings, sink);
  for (const key of Object.keys(settings) as (keyof SettingsFile)[]) {
    if (settings[key] === undefined) delete settings[key];
  }
  return { settings, problems: sink.problems };
}
