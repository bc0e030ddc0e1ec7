import { isAbsolute, resolve } from "node:path";
import type { PermissionMode } from "../../tools/context.js";
import type { SettingsLayer } from "./layer.js";
import { dedupeRules, layerRules } from "./merge-rules.js";
import { isProjectLayer, projectCodeOf, projectGrantsOf } from "./project-code.js";
import type { ResolvedSettings } from "./resolved.js";
import { mergeSandboxSettings } from "./sandbox-merge.js";
import type { SettingsFile } from "./schema.js";
import { anchorRootOf, type SettingsRoots, SOURCE_ORDER } from "./sources.js";

function precedence(layer: SettingsLayer): number {
  return SOURCE_ORDER.indexOf(layer.source);
}

/** A directory from settings as an absolute path (`~/` is the home folder, relative is the working folder). */
export function absoluteDirectory(dir: string, roots: SettingsRoots): string {
  if (dir === "~") return roots.home;
  if (dir.startsWith("~/")) return resolve(roots.home, dir.slice(2));
  return isAbsolute(dir) ? resolve(dir) : resolve(roots.cwd, dir);
}

/** The permission mode: the highest source that names one (each was checked when read). */
function mergeMode(highFirst: readonly SettingsLayer[]): PermissionMode {
  return (
    highFirst.find((l) => l.settings.permissions?.defaultMode)?.settings.permissions?.defaultMode ??
    "default"
  );
}

/**
 * Merges layers with Claude Code's precedence: scalars from the highest source, rule arrays
 * and added directories concatenated, `env` and `mcpServers` merged per key (higher wins).
 */
export function mergeSettingsLayers(
  layers: readonly SettingsLayer[],
  roots: SettingsRoots,
): ResolvedSettings {
  const lowFirst = [...layers].sort((a, b) => precedence(a) - precedence(b));
  const highFirst = [...lowFirst].reverse();
  const warnings: string[] = [];
  const rules = dedupeRules(
    highFirst.flatMap((layer) => layerRules(layer, anchorRootOf(layer.source, roots))),
  );
  const bypassDisabled = lowFirst.some(
    (l) => l.settings.permissions?.disableBypassPermissionsMode === "disable",
  );
  const autoDisabled = lowFirst.some(
    (l) =>
      l.settings.disableAutoMode === "disable" ||
      l.settings.permissions?.disableAutoMode === "disable",
  );
  let permissionMode = mergeMode(highFirst);
  if (bypassDisabled && permissionMode === "bypassPermissions") {
    warnings.push(
      'bypassPermissions is disabled by disableBypassPermissionsMode: "disable"; using default',
    );
    permissionMode = "default";
  }
  if (autoDisabled && permissionMode === "auto") {
    warnings.push('auto mode is disabled by disableAutoMode: "disable"; using default');
    permissionMode = "default";
  }
  const directories = lowFirst.flatMap((l) =>
    (l.settings.permissions?.additionalDirectories ?? []).map((d) => absoluteDirectory(d, roots)),
  );
  const model = highFirst.find((l) => l.settings.model !== undefined)?.settings.model;
  const agent = highFirst.find((l) => l.settings.agent !== undefined)?.settings.agent;
  return {
    rules,
    permissionMode,
    bypassDisabled,
    autoDisabled,
    additionalDirectories: [...new Set(directories)],
    env: Object.assign({}, ...lowFirst.map((l) => l.settings.env ?? {})),
    projectEnv: [
      ...new Set(lowFirst.filter(isProjectLayer).flatMap((l) => Object.keys(l.settings.env ?? {}))),
    ],
    ...(model === undefined ? {} : { model }),
    ...(agent === undefined ? {} : { agent }),
    ...highestScalars(highFirst),
    hooks: lowFirst
      .filter((l) => l.settings.hooks !== undefined)
      .map((l) => ({ source: l.source, origin: l.origin, hooks: l.settings.hooks })),
    ...mergedList(lowFirst, "allowedHttpHookUrls"),
    ...mergedList(lowFirst, "httpHookAllowedEnvVars"),
    mcpServers: Object.assign({}, ...lowFirst.map((l) => l.settings.mcpServers ?? {})),
    enabledPlugins: enabledPluginIds(lowFirst),
    extraKnownMarketplaces: Object.assign(
      {},
      ...lowFirst.map((l) => l.settings.extraKnownMarketplaces ?? {}),
    ),
    sandbox: mergeSandboxSettings(lowFirst, roots),
    projectCode: projectCodeOf(lowFirst),
    projectGrants: projectGrantsOf(lowFirst),
    files: lowFirst.filter((l) => l.source !== "cli").map((l) => l.origin),
    warnings,
  };
}

/** Keys whose value is the highest source's that sets one. */
const SCALAR_KEYS = [
  "apiKeyHelper",
  "disableAllHooks",
  "cleanupPeriodDays",
  "attribution",
  "includeCoAuthoredBy",
  "includeGitInstructions",
  "outputStyle",
  "skillListingBudgetFraction",
  "skillListingMaxDescChars",
  "effortLevel",
  "alwaysThinkingEnabled",
  "autoMemoryEnabled",
  "autoDreamEnabled",
  "autoDreamMinHours",
  "autoDreamMinSessions",
  "autoDreamScanIntervalMinutes",
  "teams",
  "statusLine",
] as const;

function highestScalars(
  highFirst: readonly { settings: SettingsFile }[],
): Pick<SettingsFile, (typeof SCALAR_KEYS)[number]> {
  const found = SCALAR_KEYS.flatMap((key) => {
    const layer = highFirst.find((l) => l.settings[key] !== undefined);
    return layer ? [[key, layer.settings[key]]] : [];
  });
  return Object.fromEntries(found);
}

/** A list key whose arrays merge across files (Claude Code's rule); absent when no file sets it. */
function mergedList(
  lowFirst: readonly { settings: SettingsFile }[],
  key: "allowedHttpHookUrls" | "httpHookAllowedEnvVars",
): Partial<Record<typeof key, string[]>> {
  const lists = lowFirst.flatMap((l) => (l.settings[key] ? [l.settings[key]] : []));
  return lists.length === 0 ? {} : { [key]: [...new Set(lists.flat())] };
}

/**
 * The plugins the settings turn on: each id's value is the highest source's, and only `true`
 * turns a plugin on (Claude Code: a list of versions is accepted but leaves it off).
 */
function enabledPluginIds(lowFirst: readonly { settings: SettingsFile }[]): string[] {
  const merged: Record<string, unknown> = Object.assign(
    {},
    ...lowFirst.map((l) => l.settings.enabledPlugins ?? {}),
  );
  return Object.entries(merged)
    .filter(([, value]) => value === true)
    .map(([id]) => id);
}
