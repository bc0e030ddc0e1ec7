import { stat } from "node:fs/promises";
import { basename, isAbsolute, join, relative, resolve } from "node:path";
import { z } from "zod";
import type { HooksConfig } from "../hooks/config.js";
import { mergeHooksConfigs, parseHooksConfig } from "../hooks/index.js";
import { type ReadText, readJsonFile, readTextIfPresent } from "../mcp/read-json-file.js";
import { type PluginManifest, pathList, pluginManifestSchema } from "./manifest.js";
import type { ComponentPaths, LoadedPlugin, PluginError, PluginErrorType } from "./plugin.js";
import { withPluginRoot } from "./plugin-root.js";

/** How one plugin folder is read. */
export interface LoadPluginOptions {
  /** False for `--plugin-dir-no-mcp`: the plugin's MCP servers are left out. */
  mcp: boolean;
  /** The name when there is no manifest (an installed plugin's marketplace name; else the folder's). */
  name?: string;
  readText?: ReadText;
}

export type LoadPluginResult =
  | { ok: true; plugin: LoadedPlugin; warnings: string[] }
  | { ok: false; error: Omit<PluginError, "plugin" | "path"> };

/** A JSON object; what a hooks or MCP file must hold. */
const jsonObject = z.record(z.string(), z.unknown());

class PluginLoadError extends Error {
  constructor(
    readonly type: PluginErrorType,
    message: string,
  ) {
    super(message);
  }
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false;
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined)) !== undefined;
}

/** A manifest path made absolute; one that leaves the plugin's folder is refused. */
function inside(root: string, path: string): string {
  const absolute = resolve(root, path);
  const rel = relative(root, absolute);
  if (rel.startsWith("..") || isAbsolute(rel)) {
    throw new PluginLoadError("path-not-found", `"${path}" is outside the plugin's folder`);
  }
  return absolute;
}

async function readJsonObject(path: string, readText: ReadText, type: PluginErrorType) {
  const read = await readJsonFile(path, jsonObject, readText);
  if (!read.ok) throw new PluginLoadError(type, read.message);
  if (read.data === undefined) throw new PluginLoadError(type, `${path} does not exist`);
  return read.data;
}

async function readManifest(
  root: string,
  readText: ReadText,
  fallbackName: string,
): Promise<PluginManifest> {
  const file = join(root, ".claude-plugin", "plugin.json");
  const read = await readJsonFile(file, pluginManifestSchema, readText);
  if (!read.ok) throw new PluginLoadError("manifest-validation-error", read.message);
  // A plugin without a manifest is named after its folder, as in Claude Code.
  const manifest = read.data ?? { name: fallbackName };
  const named = pluginManifestSchema.safeParse(manifest);
  if (!named.success) {
    throw new PluginLoadError(
      "manifest-validation-error",
      `${file}: name ${named.error.issues[0]?.message}`,
    );
  }
  return named.data;
}

/**
 * The default folder when it exists, then the manifest's own paths (they add to the default,
 * not replace it). `isSingle` tells an entry that is one component from a folder of several.
 */
async function componentPaths(
  root: string,
  defaultDir: string,
  extra: string | readonly string[] | undefined,
  isSingle: (path: string) => Promise<boolean>,
): Promise<ComponentPaths> {
  const paths: ComponentPaths = { dirs: [], files: [] };
  if (await isDirectory(join(root, defaultDir))) paths.dirs.push(join(root, defaultDir));
  for (const path of pathList(extra)) {
    const absolute = inside(root, path);
    if (!(await exists(absolute))) {
      throw new PluginLoadError("path-not-found", `"${path}" does not exist in the plugin`);
    }
    const list = (await isSingle(absolute)) ? paths.files : paths.dirs;
    if (!list.includes(absolute)) list.push(absolute);
  }
  return paths;
}

const isFile = async (path: string) => !(await isDirectory(path));
/** A skill entry is one skill when it holds a SKILL.md itself. */
const isSkill = (path: string) => exists(join(path, "SKILL.md"));

/** A hooks file holds `{"hooks": {...}}` (Claude Code's hooks.json) or the events directly. */
function hooksValue(value: Record<string, unknown>): unknown {
  const nested = value.hooks;
  return nested !== null && typeof nested === "object" && !Array.isArray(nested) ? nested : value;
}

async function loadHooks(
  root: string,
  manifest: PluginManifest,
  readText: ReadText,
  warnings: string[],
): Promise<HooksConfig> {
  const sources: Array<{ value: unknown; file: string }> = [];
  const defaultFile = join(root, "hooks", "hooks.json");
  if (await exists(defaultFile)) {
    sources.push({
      value: await readJsonObject(defaultFile, readText, "hook-load-failed"),
      file: defaultFile,
    });
  }
  const declared = manifest.hooks;
  if (declared !== undefined && typeof declared === "object" && !Array.isArray(declared)) {
    sources.push({ value: declared, file: join(root, ".claude-plugin", "plugin.json") });
  } else {
    for (const path of pathList(declared)) {
      const file = inside(root, path);
      if (file === defaultFile) continue;
      sources.push({ value: await readJsonObject(file, readText, "hook-load-failed"), file });
    }
  }
  const configs = sources.map(({ value, file }) => {
    const parsed = parseHooksConfig(hooksValue(value as Record<string, unknown>), { file });
    const [first] = parsed.errors;
    // A plugin's broken hook is not run half-configured: the plugin is reported and left out.
    if (first)
      throw new PluginLoadError(
        "hook-load-failed",
        `${first.file} ${first.path}: ${first.message}`,
      );
    for (const w of parsed.warnings) warnings.push(`${w.file} ${w.path}: ${w.message}`);
    return parsed.hooks;
  });
  return withPluginRoot.hooks(mergeHooksConfigs(configs), root);
}

/** An MCP file holds `{"mcpServers": {...}}` (as `.mcp.json` does) or the servers directly. */
function serversOf(value: Record<string, unknown>): Record<string, unknown> {
  const nested = value.mcpServers;
  if (nested !== null && typeof nested === "object" && !Array.isArray(nested)) {
    return nested as Record<string, unknown>;
  }
  return value;
}

async function loadMcpServers(
  root: string,
  manifest: PluginManifest,
  readText: ReadText,
): Promise<Record<string, unknown>> {
  const servers: Record<string, unknown> = {};
  const defaultFile = join(root, ".mcp.json");
  const files = (await exists(defaultFile)) ? [defaultFile] : [];
  const declared = manifest.mcpServers;
  if (declared !== undefined && typeof declared === "object" && !Array.isArray(declared)) {
    Object.assign(servers, serversOf(declared as Record<string, unknown>));
  } else {
    for (const path of pathList(declared)) {
      const file = inside(root, path);
      if (!files.includes(file)) files.push(file);
    }
  }
  for (const file of files) {
    Object.assign(servers, serversOf(await readJsonObject(file, readText, "mcp-config-invalid")));
  }
  return withPluginRoot.servers(servers, root);
}

async function loadComponents(
  root: string,
  options: LoadPluginOptions,
): Promise<{ plugin: LoadedPlugin; warnings: string[] }> {
  const readText = options.readText ?? readTextIfPresent;
  const manifest = await readManifest(root, readText, options.name ?? basename(root));
  const warnings: string[] = [];
  const plugin: LoadedPlugin = {
    name: manifest.name,
    root,
    ...(manifest.version === undefined ? {} : { version: manifest.version }),
    commands: await componentPaths(root, "commands", manifest.commands, isFile),
    agents: await componentPaths(root, "agents", manifest.agents, isFile),
    skills: await componentPaths(root, "skills", manifest.skills, isSkill),
    outputStyles: await componentPaths(root, "output-styles", manifest.outputStyles, isFile),
    hooks: await loadHooks(root, manifest, readText, warnings),
    mcpServers: options.mcp ? await loadMcpServers(root, manifest, readText) : {},
  };
  return { plugin, warnings };
}

/**
 * Reads one plugin folder: its manifest (optional; the folder's name otherwise) and where each
 * kind of component lives. Nothing of the plugin runs here. A broken manifest, hooks file or
 * MCP file, or a path leading out of the folder, makes the whole plugin an error: a plugin is
 * never loaded half.
 */
export async function loadPlugin(
  dir: string,
  options: LoadPluginOptions,
): Promise<LoadPluginResult> {
  const root = resolve(dir);
  if (!(await isDirectory(root))) {
    return { ok: false, error: { type: "path-not-found", message: `${root} is not a folder` } };
  }
  try {
    return { ok: true, ...(await loadComponents(root, options)) };
  } catch (error) {
    const type = error instanceof PluginLoadError ? error.type : "manifest-validation-error";
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: { type, message } };
  }
}
