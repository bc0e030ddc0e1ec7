import type { SettingsLayer } from "./layer.js";
import { restrictiveOnly } from "./sandbox-merge.js";
import type { SettingsFile } from "./schema.js";
import { PROJECT_SOURCES } from "./sources.js";

/** One thing a project's settings would run: what kind, and what (for the trust question). */
export interface ProjectCode {
  kind: "hook" | "mcp server" | "env" | "command" | "permission" | "plugin";
  /** The file that brings it. */
  origin: string;
  /** What runs or is set: a hook's command, a server's command, a variable's name. */
  what: string;
}

/** The layers a cloned repository writes: its `.claude/settings.json` and `settings.local.json`. */
export const isProjectLayer = (layer: SettingsLayer) => PROJECT_SOURCES.has(layer.source);

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** Each hook's command (or URL, or prompt), read loosely: the hook engine validates them. */
export function hookCommands(hooks: unknown): string[] {
  const found: string[] = [];
  for (const [event, matchers] of Object.entries(record(hooks) ?? {})) {
    for (const matcher of Array.isArray(matchers) ? matchers : []) {
      const list = record(matcher)?.hooks;
      for (const hook of Array.isArray(list) ? list : []) {
        const entry = record(hook);
        const what = entry?.command ?? entry?.url ?? entry?.prompt ?? entry?.type;
        if (typeof what === "string") found.push(`${event}: ${what}`);
      }
    }
  }
  return found;
}

/** A server entry as `name: command args` (or its URL), for the trust question. */
export function serverCommand(name: string, server: unknown): string {
  const entry = record(server);
  const command = entry?.command ?? entry?.url;
  const args = Array.isArray(entry?.args) ? entry.args.filter((a) => typeof a === "string") : [];
  return typeof command === "string" ? `${name}: ${[command, ...args].join(" ")}` : name;
}

/** Modes in which calls run without a person's say: a cloned folder's choice of one runs code. */
const UNASKED_MODES = new Set(["bypassPermissions", "acceptEdits", "dontAsk", "auto"]);

/** A mode that lets calls run unasked, as a trust entry (a folder that sets one is asked about). */
function grantedMode(settings: SettingsFile): string[] {
  const mode = settings.permissions?.defaultMode;
  return mode !== undefined && UNASKED_MODES.has(mode) ? [`defaultMode ${mode}`] : [];
}

/**
 * What the project's own settings files would run in keel: hooks, MCP servers, `env`,
 * `apiKeyHelper`, `statusLine`, the plugins they turn on, and a mode in which calls run unasked.
 */
export function projectCodeOf(layers: readonly SettingsLayer[]): ProjectCode[] {
  return layers.filter(isProjectLayer).flatMap(({ origin, settings }) => [
    ...hookCommands(settings.hooks).map((what) => ({ kind: "hook" as const, origin, what })),
    ...Object.entries(settings.mcpServers ?? {}).map(([name, server]) => ({
      kind: "mcp server" as const,
      origin,
      what: serverCommand(name, server),
    })),
    ...Object.keys(settings.env ?? {}).map((what) => ({ kind: "env" as const, origin, what })),
    ...Object.entries(settings.enabledPlugins ?? {})
      .filter(([, on]) => on === true)
      .map(([id]) => ({ kind: "plugin" as const, origin, what: id })),
    ...Object.keys(settings.extraKnownMarketplaces ?? {}).map((name) => ({
      kind: "plugin" as const,
      origin,
      what: `marketplace ${name}`,
    })),
    ...(settings.apiKeyHelper
      ? [{ kind: "command" as const, origin, what: `apiKeyHelper: ${settings.apiKeyHelper}` }]
      : []),
    ...(settings.statusLine
      ? [{ kind: "command" as const, origin, what: `statusLine: ${settings.statusLine.command}` }]
      : []),
    ...grantedMode(settings).map((what) => ({ kind: "permission" as const, origin, what })),
  ]);
}

/** What the project's settings grant: allow rules, a mode, added folders (off when untrusted). */
export function projectGrantsOf(layers: readonly SettingsLayer[]): string[] {
  return layers.filter(isProjectLayer).flatMap(({ settings }) => {
    const permissions = settings.permissions ?? {};
    const mode = permissions.defaultMode;
    return [
      ...(permissions.allow ?? []),
      ...(mode !== undefined && mode !== "default" ? [`defaultMode ${mode}`] : []),
      ...(permissions.additionalDirectories ?? []).map((dir) => `additionalDirectories ${dir}`),
    ];
  });
}

/**
 * A project layer as a folder the person did not trust may have it: without what runs code,
 * and without what grants (allow rules, a mode, added folders, a looser sandbox); what it
 * forbids (deny and ask rules, a stricter sandbox) still holds.
 */
export function withoutProjectCode(layer: SettingsLayer): SettingsLayer {
  if (!isProjectLayer(layer)) return layer;
  const {
    hooks: _hooks,
    mcpServers: _servers,
    env: _env,
    apiKeyHelper: _helper,
    statusLine: _statusLine,
    enabledPlugins: _plugins,
    extraKnownMarketplaces: _marketplaces,
    ...rest
  }: SettingsFile = layer.settings;
  const {
    allow: _allow,
    defaultMode: _mode,
    additionalDirectories: _dirs,
    ...forbids
  } = rest.permissions ?? {};
  return {
    ...layer,
    settings: {
      ...rest,
      ...(rest.permissions ? { permissions: forbids } : {}),
      ...(rest.sandbox ? { sandbox: restrictiveOnly(rest.sandbox) } : {}),
    },
  };
}
