import { EFFORT_LEVELS } from "../../../protocol/api.js";

/** A setting /config shows and changes (the settings file's key; one nested under `permissions`). */
export type ConfigKey =
  | "model"
  | "permissions.defaultMode"
  | "outputStyle"
  | "alwaysThinkingEnabled"
  | "effortLevel"
  | "autoMemoryEnabled"
  | "autoDreamEnabled";

/** Which file a change is saved to: keel's user settings, or the project's settings.local.json. */
export type ConfigScope = "user" | "local";

/** One setting of the /config panel. */
export interface ConfigSetting {
  key: ConfigKey;
  /** Its name in the panel (Claude Code's words where it has the setting). */
  label: string;
  scope: ConfigScope;
  /** What the value is when no file sets it. */
  unset: string;
}

/**
 * The settings keel honours that a person changes by hand, in the panel's order. Where each is
 * saved follows Claude Code: the personal ones in the user's settings (keel's own file, as
 * keel writes only there), the output style in the project's `.claude/settings.local.json`.
 */
export const CONFIG_SETTINGS: readonly ConfigSetting[] = [
  { key: "model", label: "Model", scope: "user", unset: "default" },
  {
    key: "permissions.defaultMode",
    label: "Default permission mode",
    scope: "user",
    unset: "default",
  },
  {
    key: "outputStyle",
    label: "Output style",
    scope: "local",
    unset: "default",
  },
  {
    key: "alwaysThinkingEnabled",
    label: "Thinking mode",
    scope: "user",
    unset: "the model's default",
  },
  {
    key: "effortLevel",
    label: "Effort level",
    scope: "user",
    unset: "the model's default",
  },
  {
    key: "autoMemoryEnabled",
    label: "Auto memory",
    scope: "user",
    // Off by default in print mode, where /config does not run.
    unset: "true",
  },
  {
    key: "autoDreamEnabled",
    label: "Auto dream",
    scope: "user",
    unset: "false",
  },
];

/** The permission modes /config offers: bypassPermissions is never chosen from a menu. */
const MODES = ["default", "acceptEdits", "plan", "dontAsk", "auto"] as const;

/** What a setting's values may be, for the panel and for checking a typed value. */
export interface ConfigChoices {
  /** The output styles' names (outputStyle's values). */
  styles: readonly string[];
  /** The settings turn auto mode off (auto is then not a mode to choose). */
  autoDisabled: boolean;
}

/** The values a setting takes; undefined for a free value (a model name). */
export function valuesOf(key: ConfigKey, choices: ConfigChoices): readonly string[] | undefined {
  switch (key) {
    case "model":
      return undefined;
    case "permissions.defaultMode":
      return choices.autoDisabled ? MODES.filter((mode) => mode !== "auto") : MODES;
    case "outputStyle":
      return choices.styles;
    case "effortLevel":
      return EFFORT_LEVELS;
    case "alwaysThinkingEnabled":
    case "autoMemoryEnabled":
    case "autoDreamEnabled":
      return ["true", "false"];
  }
}

/** A setting found by the name a person typed: its key (any case) or its label. */
export function findSetting(name: string): ConfigSetting | undefined {
  const wanted = name.trim().toLowerCase();
  return CONFIG_SETTINGS.find(
    (s) =>
      s.key.toLowerCase() === wanted ||
      s.label.toLowerCase() === wanted ||
      // `defaultMode` alone names the nested key too.
      s.key.toLowerCase().endsWith(`.${wanted}`),
  );
}

/** A typed value checked against the setting: the JSON value to save, or why it is refused. */
type ParsedValue =
  | { ok: true; value: string | boolean; shown: string }
  | { ok: false; problem: string };

/**
 * Checks a value for a setting: a fixed choice matched without regard to case (saved as the
 * choice is spelt), a boolean as true or false, a model name as typed.
 */
export function parseValue(
  setting: ConfigSetting,
  text: string,
  choices: ConfigChoices,
): ParsedValue {
  const typed = text.trim();
  const values = valuesOf(setting.key, choices);
  if (typed === "") {
    const which = values ? values.join(", ") : "a model name or alias, or default";
    return { ok: false, problem: `/config ${setting.key} needs a value: ${which}` };
  }
  if (!values) return { ok: true, value: typed, shown: typed };
  const value = values.find((v) => v.toLowerCase() === typed.toLowerCase());
  if (value === undefined) {
    const bypass =
      setting.key === "permissions.defaultMode" && typed.toLowerCase() === "bypasspermissions"
        ? " (bypassPermissions is not chosen here: start keel with --dangerously-skip-permissions)"
        : "";
    return {
      ok: false,
      problem: `${setting.key} cannot be "${typed}"${bypass}; it takes ${values.join(", ")}`,
    };
  }
  if (value === "true" || value === "false") {
    return { ok: true, value: value === "true", shown: value };
  }
  return { ok: true, value, shown: value };
}
