import { join, resolve } from "node:path";
import { z } from "zod";
import { loadPlugin } from "../../plugins/load-plugin.js";
import { setPluginEnabled } from "../../plugins/store/enabled-setting.js";
import {
  installedId,
  installPlugin,
  readInstalled,
  uninstallPlugin,
  updatePlugin,
} from "../../plugins/store/installs.js";
import {
  addMarketplace,
  describeSource,
  listMarketplaces,
  type PluginStoreDeps,
  readKnownMarketplaces,
  removeMarketplace,
  updateMarketplace,
} from "../../plugins/store/marketplaces.js";
import { readStoreFile } from "../../plugins/store/store-files.js";
import type { CliIo } from "../io.js";
import { writeTo } from "../output.js";

/** Which settings file `enable`, `disable` and `install` write `enabledPlugins` to. */
export const PLUGIN_SCOPES = ["user", "project", "local"] as const;
export type PluginScope = (typeof PLUGIN_SCOPES)[number];

export interface PluginCommandRoots {
  cwd: string;
  stateDir: string;
}

/** user: keel's own settings file (keel writes only its own folder, contracts §3). */
export function settingsFileOf(scope: PluginScope, roots: PluginCommandRoots): string {
  switch (scope) {
    case "user":
      return join(roots.stateDir, "settings.json");
    case "project":
      return join(roots.cwd, ".claude", "settings.json");
    case "local":
      return join(roots.cwd, ".claude", "settings.local.json");
  }
}

const say = (io: CliIo, text: string) => writeTo(io.stdout, `${text}\n`);

export async function marketplaceAdd(deps: PluginStoreDeps, io: CliIo, source: string) {
  const added = await addMarketplace(deps, source, io.cwd);
  const count = added.manifest.plugins.length;
  await say(
    io,
    `Added marketplace ${added.name} (${count} plugin${count === 1 ? "" : "s"}) from ${describeSource(added.source)}`,
  );
  return 0;
}

export async function marketplaceList(deps: PluginStoreDeps, io: CliIo, json: boolean) {
  const { marketplaces, problems } = await listMarketplaces(deps);
  const added = new Set(marketplaces.map((m) => m.name));
  const declared = Object.keys(deps.declared?.marketplaces ?? {}).filter(
    (name) => !added.has(name),
  );
  if (json) {
    const rows = marketplaces.map((m) => ({
      name: m.name,
      source: m.source,
      installLocation: m.location,
      plugins: m.manifest.plugins.map((p) => p.name),
    }));
    await say(io, JSON.stringify({ marketplaces: rows, declared }, null, 2));
  } else if (marketplaces.length === 0 && declared.length === 0 && problems.length === 0) {
    await say(
      io,
      "No marketplaces added. Add one with: keel plugin marketplace add <folder-or-git-url>",
    );
  } else {
    for (const m of marketplaces) {
      const plugins = m.manifest.plugins.map((p) => p.name).join(", ") || "no plugins";
      await say(io, `${m.name}  ${describeSource(m.source)}  (${plugins})`);
    }
    for (const name of declared) {
      await say(
        io,
        `${name}  declared in the settings; added when you install from it (keel plugin install <plugin>@${name})`,
      );
    }
  }
  for (const problem of problems) await writeTo(io.stderr, `keel: marketplace ${problem}\n`);
  return problems.length > 0 ? 1 : 0;
}

export async function marketplaceRemove(deps: PluginStoreDeps, io: CliIo, name: string) {
  await removeMarketplace(deps, name);
  await say(io, `Removed marketplace ${name} (installed plugins stay until uninstalled)`);
  return 0;
}

export async function marketplaceUpdate(
  deps: PluginStoreDeps,
  io: CliIo,
  name: string | undefined,
) {
  const names = name ? [name] : Object.keys(await readKnownMarketplaces(deps));
  for (const each of names) {
    const updated = await updateMarketplace(deps, each);
    await say(io, `Updated marketplace ${updated.name}`);
  }
  return 0;
}

export async function install(
  deps: PluginStoreDeps,
  io: CliIo,
  spec: string,
  settingsFile: string,
) {
  const { id, record } = await installPlugin(deps, spec);
  await setPluginEnabled(settingsFile, id, true);
  await say(
    io,
    `Installed ${id} ${record.version} (enabled in ${settingsFile}). It runs from the next session.`,
  );
  return 0;
}

export async function uninstall(
  deps: PluginStoreDeps,
  io: CliIo,
  spec: string,
  settingsFile: string,
) {
  const id = await uninstallPlugin(deps, spec);
  await setPluginEnabled(settingsFile, id, undefined);
  await say(io, `Uninstalled ${id}`);
  return 0;
}

export async function setEnabled(
  deps: PluginStoreDeps,
  io: CliIo,
  spec: string,
  settingsFile: string,
  enabled: boolean,
) {
  const id = await installedId(deps, spec);
  await setPluginEnabled(settingsFile, id, enabled);
  await say(io, `${enabled ? "Enabled" : "Disabled"} ${id} in ${settingsFile}`);
  return 0;
}

export async function update(deps: PluginStoreDeps, io: CliIo, spec: string) {
  const result = await updatePlugin(deps, spec);
  const text = result.changed
    ? `Updated ${result.id} ${result.from ?? "?"} -> ${result.to}`
    : `${result.id} is up to date (${result.to})`;
  await say(io, text);
  return 0;
}

const enabledIn = z.looseObject({ enabledPlugins: z.record(z.string(), z.unknown()).optional() });

export async function list(deps: PluginStoreDeps, io: CliIo, settingsFile: string, json: boolean) {
  const installed = await readInstalled(deps);
  const settings = await readStoreFile(settingsFile, enabledIn, {});
  const rows = Object.entries(installed.plugins).map(([id, [record]]) => ({
    id,
    version: record?.version ?? "unversioned",
    enabled: settings.enabledPlugins?.[id] === true,
    installPath: record?.installPath ?? "",
  }));
  if (json) await say(io, JSON.stringify(rows, null, 2));
  else if (rows.length === 0)
    await say(
      io,
      "No plugins installed. Install one with: keel plugin install <plugin>@<marketplace>",
    );
  else
    for (const row of rows)
      await say(io, `${row.id}  ${row.version}  ${row.enabled ? "enabled" : "disabled"}`);
  return 0;
}

/** Checks a plugin folder as loading would, without running anything of it. */
export async function validate(io: CliIo, path: string) {
  const result = await loadPlugin(resolve(io.cwd, path), { mcp: true });
  if (!result.ok) {
    await writeTo(
      io.stderr,
      `keel: ${path} is not a valid plugin (${result.error.type}): ${result.error.message}\n`,
    );
    return 1;
  }
  for (const warning of result.warnings) await writeTo(io.stderr, `keel: ${warning}\n`);
  await say(
    io,
    `${result.plugin.name}${result.plugin.version ? ` ${result.plugin.version}` : ""} is a valid plugin`,
  );
  return 0;
}
