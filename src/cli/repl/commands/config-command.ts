import { PERMISSION_MODES, type PermissionMode } from "../../../tools/context.js";
import {
  CONFIG_SETTINGS,
  type ConfigChoices,
  type ConfigSetting,
  findSetting,
  parseValue,
  valuesOf,
} from "./config-keys.js";
import type { ConfigRow, ConfigSaved, ConfigView } from "./config-view.js";
import type { ReplHost } from "./host.js";

/** What /config needs of the REPL besides a slash command's host: the switches that act at once. */
export interface ConfigHost extends ReplHost {
  /** Switches the session's permission mode (as Shift+Tab does). */
  setMode(mode: PermissionMode): void;
  /** `/model <name>`'s switch, its hooks run; the answer is shown by the caller. */
  switchModelQuietly(name: string): Promise<{ text: string; tone: "info" | "error" }>;
}

type Answer = { text: string; tone: "info" | "error" };

/** The model names the panel offers; any other is typed: /config model <name>. */
const PANEL_MODELS = ["default", "sonnet", "opus", "haiku"] as const;

/** A row's value and where it comes from, as the list and the panel show it. */
function whereText(row: ConfigRow, view: ConfigView): string {
  if (row.origin === undefined) return `${row.value} (default)`;
  const origin = row.origin.startsWith("/") ? view.shown(row.origin) : row.origin;
  return `${row.value} (${origin})`;
}

/** The session's own value where it differs from what the files say (a switch, a flag). */
function sessionNote(host: ConfigHost, row: ConfigRow): string {
  const now =
    row.setting.key === "model"
      ? host.activeSession.models?.current()
      : row.setting.key === "permissions.defaultMode"
        ? host.activeSession.permissionMode?.()
        : undefined;
  return now === undefined || now === row.value ? "" : ` · this session: ${now}`;
}

/** `/config list`: every setting with its value and the file it comes from. */
function configListText(host: ConfigHost, view: ConfigView, rows: readonly ConfigRow[]) {
  const lines = rows.map(
    (row) => `  ${row.setting.key.padEnd(24)} ${whereText(row, view)}${sessionNote(host, row)}`,
  );
  const user = view.shown(view.pathOf("user"));
  const local = view.shown(view.pathOf("local"));
  return [
    "Settings (/config <key> <value> changes one):",
    ...lines,
    `Saved to ${user}, the output style to ${local}.`,
  ].join("\n");
}

/** How the save went, in the notice's words (and a higher file that still wins). */
function savedText(setting: ConfigSetting, shown: string, saved: ConfigSaved, view: ConfigView) {
  if (!saved.saved.saved) return { text: `not saved: ${saved.saved.why}`, ok: false };
  const where = `saved in ${view.shown(saved.path)}`;
  const { after } = saved;
  if (after.origin === undefined && after.value !== shown) {
    // --setting-sources left the file out: keel does not read what it saved.
    const unread = `${where}, but this session does not read that file (--setting-sources)`;
    return { text: `${setting.key} ${shown} ${unread}`, ok: true };
  }
  const other = after.origin !== undefined && after.origin !== saved.path;
  if (!other) return { text: `${setting.key} ${shown} ${where}`, ok: true };
  const origin = after.origin?.startsWith("/") ? view.shown(after.origin) : after.origin;
  return {
    text: `${setting.key} ${shown} ${where}, but ${origin} sets ${after.value}, which wins`,
    ok: true,
  };
}

/** The model: switched now (hooks may refuse: nothing is saved then), and saved. */
async function changeModel(
  host: ConfigHost,
  view: ConfigView,
  setting: ConfigSetting,
  name: string,
): Promise<Answer> {
  const switched = await host.switchModelQuietly(name);
  if (switched.tone === "error") return switched;
  const saved = await view.save(setting, name === "default" ? undefined : name);
  const said = savedText(setting, name, saved, view);
  return {
    text: `${switched.text.replace(/\.$/, "")}; ${said.text}.`,
    tone: said.ok ? "info" : "error",
  };
}

/** Auto memory: switched for the session by its own switch, which saves the choice. */
async function changeAutoMemory(
  host: ConfigHost,
  view: ConfigView,
  setting: ConfigSetting,
  on: boolean,
): Promise<Answer> {
  const memory = host.activeSession.autoMemory;
  if (!memory) return { text: "Auto memory cannot be switched in this session.", tone: "error" };
  const result = await memory.switchTo(on);
  if (!result.ok) {
    return { text: `Auto memory was not switched: ${result.problem}.`, tone: "error" };
  }
  if (!result.changed) {
    return { text: `Auto memory is ${on ? "on" : "off"} already; nothing changed.`, tone: "info" };
  }
  const after = await view.reread(setting);
  const said = savedText(
    setting,
    String(on),
    { path: result.settingsPath, saved: result.saved, after },
    view,
  );
  return {
    text: `Auto memory is ${on ? "on" : "off"} from the next turn; ${said.text}.`,
    tone: said.ok ? "info" : "error",
  };
}

/** Applies a checked value to one setting: at once where keel can, and saved. */
async function change(
  host: ConfigHost,
  view: ConfigView,
  setting: ConfigSetting,
  value: string | boolean,
  shown: string,
): Promise<Answer> {
  if (setting.key === "model") return changeModel(host, view, setting, shown);
  if (setting.key === "autoMemoryEnabled") {
    return changeAutoMemory(host, view, setting, value === true);
  }
  const saved = await view.save(setting, value);
  const said = savedText(setting, shown, saved, view);
  if (!said.ok) return { text: `${setting.label} was not changed: ${said.text}.`, tone: "error" };
  const mode = PERMISSION_MODES.find((m) => m === shown);
  if (setting.key === "permissions.defaultMode" && mode) {
    host.setMode(mode);
    return {
      text: `Permission mode set to ${shown} for this session; ${said.text} (the mode new sessions start in).`,
      tone: "info",
    };
  }
  return {
    text: `${setting.label} set to ${shown}: ${said.text}. It takes effect from the next session or /clear; this conversation keeps its current one.`,
    tone: "info",
  };
}

/** `/config <key> <value>`: checks the key and the value (nothing written if either is wrong). */
export async function typedChange(
  host: ConfigHost,
  view: ConfigView,
  args: string,
): Promise<Answer> {
  const [name = "", ...rest] = args.split(/\s+/);
  const setting = findSetting(name);
  if (!setting) {
    const keys = CONFIG_SETTINGS.map((s) => s.key).join(", ");
    return { text: `/config has no setting "${name}"; the settings are ${keys}.`, tone: "error" };
  }
  const parsed = parseValue(setting, rest.join(" "), await view.choices());
  if (!parsed.ok) return { text: parsed.problem, tone: "error" };
  return change(host, view, setting, parsed.value, parsed.shown);
}

/** The settings whose panel row lists their values (Claude Code opens a menu for these two). */
const LISTED: ReadonlySet<string> = new Set(["model", "outputStyle"]);

/** Saves a value chosen in the panel, then opens the panel again on the same row. */
async function panelChange(host: ConfigHost, view: ConfigView, row: ConfigRow, value: string) {
  await answer(host, () => typedChange(host, view, `${row.setting.key} ${value}`));
  await openPanel(host, view, CONFIG_SETTINGS.indexOf(row.setting));
}

/** The panel's second list: a setting's values, the one in force marked. */
function pickValue(host: ConfigHost, view: ConfigView, row: ConfigRow, choices: ConfigChoices) {
  const values = valuesOf(row.setting.key, choices) ?? PANEL_MODELS;
  const options = values.map((value) => ({
    label: value,
    ...(value === row.value ? { detail: "(in force)" } : {}),
  }));
  const inForce = Math.max(0, values.indexOf(row.value));
  const title = `${row.setting.label}: choose a value (Esc: back to the settings, ${row.value} kept)`;
  const panelRow = CONFIG_SETTINGS.indexOf(row.setting);
  host.pick(
    title,
    options,
    (index) => {
      const value = values[index];
      return value === undefined ? undefined : panelChange(host, view, row, value);
    },
    inForce,
    // As in Claude Code: Esc in a setting's list goes back to the settings, on that row.
    () => openPanel(host, view, panelRow),
  );
}

/** A row's next value, for Enter to cycle to (the first when no file sets one). */
function nextValue(row: ConfigRow, choices: ConfigChoices): string | undefined {
  const values = valuesOf(row.setting.key, choices);
  if (!values || values.length === 0) return undefined;
  return values[(values.indexOf(row.value) + 1) % values.length];
}

/**
 * `/config`: the settings panel. ↑/↓ move; Enter cycles the setting to its next value, saved
 * at once, and the panel opens again on that row; on the model and the output style Enter
 * lists their values instead, where Esc goes back to the panel; Esc on the panel closes it.
 */
async function openPanel(host: ConfigHost, view: ConfigView, selected = 0): Promise<void> {
  const rows = await view.rows();
  const choices = await view.choices();
  const options = rows.map((row) => ({
    label: row.setting.label,
    detail: `${whereText(row, view)}${sessionNote(host, row)}`,
  }));
  const title = "Settings: Enter changes one (saved at once), Esc closes";
  host.pick(
    title,
    options,
    (index) => {
      const row = rows[index];
      if (!row) return undefined;
      if (LISTED.has(row.setting.key)) return pickValue(host, view, row, choices);
      const next = nextValue(row, choices);
      return next === undefined ? undefined : panelChange(host, view, row, next);
    },
    selected,
  );
}

/** Shows one answer's notice once its work is done (a failure is the controller's notice). */
export async function answer(host: ReplHost, work: () => Promise<Answer>): Promise<void> {
  const { text, tone } = await work();
  host.notice(text, tone);
}

/**
 * `/config` opens the settings panel; `/config list` lists the settings with their values
 * and files; `/config <key> <value>` changes one (saved at once, applied at once where keel
 * can, else from the next session or /clear).
 */
export async function runConfig(host: ConfigHost, args: string): Promise<void> {
  const view = host.activeSession.config;
  if (!view) return host.notice("/config is not available in this session.", "error");
  if (args === "") return openPanel(host, view);
  if (args === "list") {
    return answer(host, async () => ({
      text: configListText(host, view, await view.rows()),
      tone: "info",
    }));
  }
  return answer(host, () => typedChange(host, view, args));
}
