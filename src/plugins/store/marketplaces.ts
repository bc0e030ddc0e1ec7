import { mkdir, rename, rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { DeclaredMarketplace } from "../../config/settings/schema.js";
import { type ReadText, readJsonFile, readTextIfPresent } from "../../mcp/read-json-file.js";
import { gitOps } from "./git.js";
import { type MarketplaceManifest, marketplaceManifestSchema } from "./marketplace-manifest.js";
import type { PluginStorePaths } from "./paths.js";
import {
  type KnownMarketplaces,
  knownMarketplacesSchema,
  type MarketplaceSource,
  readStoreFile,
  writeStoreFile,
} from "./store-files.js";

/** What the store's operations need: its folders, the clock (for timestamps), git. */
export interface PluginStoreDeps {
  paths: PluginStorePaths;
  now: () => Date;
  git?: typeof gitOps;
  readText?: ReadText;
  /**
   * The marketplaces the settings declare (`extraKnownMarketplaces`, a project's only when its
   * folder is trusted), added on first use; relative folders are taken from `cwd`.
   */
  declared?: { marketplaces: Readonly<Record<string, DeclaredMarketplace>>; cwd: string };
}

/** A marketplace added to keel, with its manifest read. */
export interface Marketplace {
  name: string;
  source: MarketplaceSource;
  location: string;
  manifest: MarketplaceManifest;
}

export function readKnownMarketplaces(deps: PluginStoreDeps): Promise<KnownMarketplaces> {
  return readStoreFile(deps.paths.marketplacesFile, knownMarketplacesSchema, {});
}

/** A marketplace folder's `.claude-plugin/marketplace.json`, checked. */
export async function readMarketplaceManifest(
  location: string,
  readText: ReadText = readTextIfPresent,
): Promise<MarketplaceManifest> {
  const file = join(location, ".claude-plugin", "marketplace.json");
  const read = await readJsonFile(file, marketplaceManifestSchema, readText);
  if (!read.ok) throw new Error(read.message);
  if (read.data === undefined)
    throw new Error(`${location} has no .claude-plugin/marketplace.json`);
  return read.data;
}

/** A local folder is added where it is; anything else is a git repository to clone. */
async function sourceOf(value: string, cwd: string): Promise<MarketplaceSource> {
  const path = resolve(cwd, value);
  const isDir = (await stat(path).catch(() => undefined))?.isDirectory() ?? false;
  return isDir && !value.endsWith(".git")
    ? { source: "directory", path }
    : { source: "git", url: value };
}

async function checkout(deps: PluginStoreDeps, source: MarketplaceSource): Promise<string> {
  if (source.source === "directory") return source.path;
  const git = deps.git ?? gitOps;
  await mkdir(deps.paths.marketplacesDir, { recursive: true });
  const temp = join(deps.paths.marketplacesDir, `.adding-${process.pid}-${Date.now()}`);
  await git.clone(source.url, temp);
  return temp;
}

/**
 * Adds a marketplace: a local folder (read where it is) or a git repository (cloned into
 * `plugins/marketplaces/<name>/`). Nothing of it runs. A name already added is refused.
 */
export async function addMarketplace(
  deps: PluginStoreDeps,
  value: string,
  cwd: string,
): Promise<Marketplace> {
  return addMarketplaceSource(deps, await sourceOf(value, cwd));
}

/** A declared marketplace as a source keel can add, or why it cannot. */
export function declaredSource(
  entry: DeclaredMarketplace,
  cwd: string,
): MarketplaceSource | { refused: string } {
  const { source } = entry;
  const text = (key: string) => (typeof source[key] === "string" ? (source[key] as string) : "");
  if (source.source === "directory" && text("path") !== "") {
    return { source: "directory", path: resolve(cwd, text("path")) };
  }
  if (source.source === "git" && text("url") !== "") return { source: "git", url: text("url") };
  return { refused: `its source "${source.source}" is not one keel adds (directory and git are)` };
}

async function addDeclared(deps: PluginStoreDeps, name: string): Promise<Marketplace | undefined> {
  const entry = deps.declared?.marketplaces[name];
  if (!entry || !deps.declared) return undefined;
  const source = declaredSource(entry, deps.declared.cwd);
  if ("refused" in source)
    throw new Error(`the settings declare marketplace "${name}", but ${source.refused}`);
  const added = await addMarketplaceSource(deps, source);
  if (added.name !== name) {
    await removeMarketplace(deps, added.name);
    throw new Error(
      `the settings declare marketplace "${name}", but its marketplace.json names it "${added.name}"`,
    );
  }
  return added;
}

async function addMarketplaceSource(
  deps: PluginStoreDeps,
  source: MarketplaceSource,
): Promise<Marketplace> {
  const fetched = await checkout(deps, source);
  const cleanUp = () =>
    source.source === "git" ? rm(fetched, { recursive: true, force: true }) : undefined;
  try {
    const manifest = await readMarketplaceManifest(fetched, deps.readText);
    const known = await readKnownMarketplaces(deps);
    const existing = known[manifest.name];
    if (existing)
      throw new Error(
        `a marketplace named "${manifest.name}" is already added (from ${describeSource(existing.source)})`,
      );
    let location = fetched;
    if (source.source === "git") {
      location = join(deps.paths.marketplacesDir, manifest.name);
      await rm(location, { recursive: true, force: true });
      await rename(fetched, location);
    }
    known[manifest.name] = {
      source,
      installLocation: location,
      lastUpdated: deps.now().toISOString(),
    };
    await writeStoreFile(deps.paths.marketplacesFile, known);
    return { name: manifest.name, source, location, manifest };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** A marketplace by name, with its manifest read now. */
export async function findMarketplace(deps: PluginStoreDeps, name: string): Promise<Marketplace> {
  const known = await readKnownMarketplaces(deps);
  const entry = known[name];
  if (!entry) {
    const declared = await addDeclared(deps, name);
    if (declared) return declared;
    const names = Object.keys(known);
    throw new Error(
      `no marketplace is named "${name}" (${names.length > 0 ? `added: ${names.join(", ")}` : "none is added: keel plugin marketplace add <folder-or-git-url>"})`,
    );
  }
  const manifest = await readMarketplaceManifest(entry.installLocation, deps.readText);
  return { name, source: entry.source, location: entry.installLocation, manifest };
}

/** Every marketplace added (one whose folder cannot be read is left out of the list and named). */
export async function listMarketplaces(
  deps: PluginStoreDeps,
): Promise<{ marketplaces: Marketplace[]; problems: string[] }> {
  const known = await readKnownMarketplaces(deps);
  const marketplaces: Marketplace[] = [];
  const problems: string[] = [];
  for (const name of Object.keys(known)) {
    try {
      marketplaces.push(await findMarketplace(deps, name));
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message}`);
    }
  }
  return { marketplaces, problems };
}

/** Fetches a git marketplace's newest commit (a folder marketplace is always current). */
export async function updateMarketplace(deps: PluginStoreDeps, name: string): Promise<Marketplace> {
  const marketplace = await findMarketplace(deps, name);
  if (marketplace.source.source === "git") await (deps.git ?? gitOps).pull(marketplace.location);
  const known = await readKnownMarketplaces(deps);
  const entry = known[name];
  if (entry) {
    entry.lastUpdated = deps.now().toISOString();
    await writeStoreFile(deps.paths.marketplacesFile, known);
  }
  return findMarketplace(deps, name);
}

/** Forgets a marketplace (and deletes keel's clone of it; a local folder is left as it is). */
export async function removeMarketplace(deps: PluginStoreDeps, name: string): Promise<void> {
  const known = await readKnownMarketplaces(deps);
  const entry = known[name];
  if (!entry) throw new Error(`no marketplace is named "${name}"`);
  delete known[name];
  await writeStoreFile(deps.paths.marketplacesFile, known);
  if (entry.source.source === "git")
    await rm(entry.installLocation, { recursive: true, force: true });
}

export function describeSource(source: MarketplaceSource): string {
  return source.source === "directory" ? source.path : source.url;
}
