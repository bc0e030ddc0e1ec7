import type { SettingsLayer } from "./layer.js";
import type { SettingsFile } from "./schema.js";

/** One thing a project's settings would run: what kind, and what (for the trust question). */
export interface ProjectCode {
  kind: "hook" | "mcp server" | "env" | "command";
  /** The file that brings it. */
  origin: string;
  /** What runs or is set: a hook's command, a server's command, a variable's name. */
  what: string;
}

/** The layers a cloned repository writes: its `.claude/settings.json` and `settings.local.json`. */
export const isProjectLayer = (layer: SettingsLayer) =>
  layer.source === "project" || layer.source === "local";

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** Each hook's command (or URL, or prompt), read loosely: the hook engine validates them. */
function hookCommands(hooks: unknown): string[] {
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

/** What the project's own settings files would run in keel: hooks, MCP servers, `env`. */
export function projectCodeOf(layers: readonly SettingsLayer[]): ProjectCode[] {
  return layers.filter(isProjectLayer).flatMap(({ origin, settings }) => [
    ...hookCommands(settings.hooks).map((what) => ({ kind: "hook" as const, origin, what })),
    ...Object.entries(settings.mcpServers ?? {}).map(([name, server]) => ({
      kind: "mcp server" as const,
      origin,
      what: serverCommand(name, server),
    })),
    ...Object.keys(settings.env ?? {}).map((what) => ({ kind: "env" as const, origin, what })),
  ]);
}

/** A project layer with what runs code taken out (a folder the person did not trust). */
export function withoutProjectCode(layer: SettingsLayer): SettingsLayer {
  if (!isProjectLayer(layer)) return layer;
  const { hooks: _hooks, mcpServers: _servers, env: _env, ...rest }: SettingsFile = layer.settings;
  return { ...layer, settings: rest };
}
