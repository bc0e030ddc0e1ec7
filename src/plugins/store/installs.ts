import { cp, mkdtemp, rm, rmdir } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { loadPlugin } from "../load-plugin.js";
import { gitOps } from "./git.js";
import type { MarketplaceEntry } from "./marketplace-manifest.js";
import {
  findMarketplace,
  listMarketplaces,
  type Marketplace,
  type PluginStoreDeps,
} from "./marketplaces.js";
import {
  type InstalledPlugins,
  type InstallRecord,
  installedPluginsSchema,
  readStoreFile,
  writeStoreFile,
} from "./store-files.js";

/** A plugin's id: `plugin@marketplace`, as `enabledPlugins` and Claude Code name it. */
export function pluginId(plugin: string, marketplace: string): string {
  return `${plugin}@${marketplace}`;
}

export function readInstalled(deps: Pick<PluginStoreDeps, "paths">): Promise<InstalledPlugins> {
  return readStoreFile(deps.paths.installedFile, installedPluginsSchema, {
    version: 2,
    plugins: {},
  });
}

/** The marketplace and entry a `plugin[@marketplace]` names; ambiguous or unknown is an error. */
async function resolveEntry(
  deps: PluginStoreDeps,
  spec: string,
): Promise<{ marketplace: Marketplace; entry: MarketplaceEntry }> {
  const [name = "", marketplaceName] = spec.split("@");
  const candidates = marketplaceName
    ? [await findMarketplace(deps, marketplaceName)]
    : (await listMarketplaces(deps)).marketplaces;
  const found = candidates.flatMap((marketplace) =>
    marketplace.manifest.plugins
      .filter((entry) => entry.name === name)
      .map((entry) => ({ marketplace, entry })),
  );
  const [first, second] = found;
  if (!first) {
    const where = marketplaceName ? `marketplace "${marketplaceName}"` : "any added marketplace";
    throw new Error(`no plugin named "${name}" in ${where}`);
  }
  if (second) {
    const ids = found.map((f) => pluginId(name, f.marketplace.name)).join(", ");
    throw new Error(`"${name}" is in several marketplaces: name one (${ids})`);
  }
  return first;
}

/** Fetches the entry's plugin folder: a folder of the marketplace, or a git repository. */
async function fetchPlugin(
  deps: PluginStoreDeps,
  marketplace: Marketplace,
  entry: MarketplaceEntry,
): Promise<{ dir: string; temp?: string }> {
  const source = entry.source;
  if (typeof source === "string") {
    const base = join(marketplace.location, marketplace.manifest.metadata?.pluginRoot ?? "");
    const dir = resolve(base, source);
    const rel = relative(marketplace.location, dir);
    if (rel.startsWith("..") || isAbsolute(rel)) {
      throw new Error(`${entry.name}'s source "${source}" is outside its marketplace`);
    }
    return { dir };
  }
  if (source.source === "github") {
    throw new Error(
      `${entry.name} comes from GitHub (${source.repo}); keel installs from folders and git URLs`,
    );
  }
  const temp = await mkdtemp(join(deps.paths.root, ".fetch-"));
  await (deps.git ?? gitOps).clone(source.url, join(temp, "plugin"), source.ref);
  return { dir: join(temp, "plugin"), temp };
}

/**
 * A version as one folder name: the version text comes from the marketplace, so `../..` or a
 * slash must never lead the copy (or the removal before it) out of the plugin's cache folder.
 */
export function folderOf(version: string): string {
  const safe = version.replace(/[^A-Za-z0-9._+-]/g, "-");
  return /^\.*$/.test(safe) || safe.startsWith(".") ? `v${safe}` : safe;
}

/** What a marketplace's checkout is at (its commit for git), to tell an update from none. */
async function revisionOf(
  deps: PluginStoreDeps,
  marketplace: Marketplace,
): Promise<string | undefined> {
  if (marketplace.source.source !== "git") return undefined;
  return (deps.git ?? gitOps).head(marketplace.location);
}

export interface Installed {
  id: string;
  record: InstallRecord;
}

/**
 * Installs a plugin from an added marketplace: its folder is checked (it must load as a plugin)
 * and copied to `plugins/cache/<marketplace>/<plugin>/<version>/`. Nothing of it runs.
 */
export async function installPlugin(deps: PluginStoreDeps, spec: string): Promise<Installed> {
  const { marketplace, entry } = await resolveEntry(deps, spec);
  const id = pluginId(entry.name, marketplace.name);
  const fetched = await fetchPlugin(deps, marketplace, entry);
  try {
    const checked = await loadPlugin(fetched.dir, { mcp: true, name: entry.name });
    if (!checked.ok) throw new Error(`${id} cannot be installed: ${checked.error.message}`);
    const commit = await revisionOf(deps, marketplace);
    const version =
      entry.version ?? checked.plugin.version ?? commit?.slice(0, 12) ?? "unversioned";
    const installPath = join(deps.paths.cacheDir, marketplace.name, entry.name, folderOf(version));
    await rm(installPath, { recursive: true, force: true });
    await cp(fetched.dir, installPath, {
      recursive: true,
      filter: (src) => !src.split(/[\\/]/).includes(".git"),
    });
    const now = deps.now().toISOString();
    const record: InstallRecord = {
      scope: "user",
      installPath,
      version,
      installedAt: now,
      lastUpdated: now,
      ...(commit ? { gitCommitSha: commit } : {}),
    };
    const installed = await readInstalled(deps);
    const previous = installed.plugins[id]?.[0];
    if (previous && previous.installPath !== installPath) {
      await rm(previous.installPath, { recursive: true, force: true });
    }
    installed.plugins[id] = [{ ...record, installedAt: previous?.installedAt ?? now }];
    await writeStoreFile(deps.paths.installedFile, installed);
    return { id, record };
  } finally {
    if (fetched.temp) await rm(fetched.temp, { recursive: true, force: true });
  }
}

/** The id of an installed plugin a `plugin[@marketplace]` names. */
export async function installedId(deps: PluginStoreDeps, spec: string): Promise<string> {
  const installed = await readInstalled(deps);
  const ids = Object.keys(installed.plugins);
  const matches = spec.includes("@")
    ? ids.filter((id) => id === spec)
    : ids.filter((id) => id.split("@")[0] === spec);
  const [first, second] = matches;
  if (!first)
    throw new Error(`no installed plugin is named "${spec}" (keel plugin list shows them)`);
  if (second)
    throw new Error(
      `"${spec}" is installed from several marketplaces: name one (${matches.join(", ")})`,
    );
  return first;
}

/** Removes an installed plugin's copy and record. */
export async function uninstallPlugin(deps: PluginStoreDeps, spec: string): Promise<string> {
  const id = await installedId(deps, spec);
  const installed = await readInstalled(deps);
  for (const record of installed.plugins[id] ?? []) {
    await rm(record.installPath, { recursive: true, force: true });
    // The plugin's own folder of versions goes too once empty (never a folder still in use).
    await rmdir(dirname(record.installPath)).catch(() => undefined);
  }
  delete installed.plugins[id];
  await writeStoreFile(deps.paths.installedFile, installed);
  return id;
}

/**
 * Fetches the plugin's marketplace again and installs what it now holds when that differs
 * (another commit or version); says whether anything changed.
 */
export async function updatePlugin(
  deps: PluginStoreDeps,
  spec: string,
): Promise<{ id: string; from?: string; to: string; changed: boolean }> {
  const id = await installedId(deps, spec);
  const [name = "", marketplaceName = ""] = id.split("@");
  const before = (await readInstalled(deps)).plugins[id]?.[0];
  const marketplace = await findMarketplace(deps, marketplaceName);
  if (marketplace.source.source === "git") await (deps.git ?? gitOps).pull(marketplace.location);
  const after = await installPlugin(deps, pluginId(name, marketplaceName));
  const changed =
    before?.gitCommitSha !== after.record.gitCommitSha || before?.version !== after.record.version;
  return {
    id,
    ...(before?.version ? { from: before.version } : {}),
    to: after.record.version ?? "unversioned",
    changed,
  };
}
