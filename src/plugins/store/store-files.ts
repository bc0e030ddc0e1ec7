import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { z } from "zod";

/** Where a marketplace was added from. */
export const marketplaceSourceSchema = z.discriminatedUnion("source", [
  z.object({ source: z.literal("directory"), path: z.string() }),
  z.object({ source: z.literal("git"), url: z.string() }),
]);

export type MarketplaceSource = z.infer<typeof marketplaceSourceSchema>;

/** `known_marketplaces.json`, in Claude Code's shape. */
export const knownMarketplacesSchema = z.record(
  z.string(),
  z.looseObject({
    source: marketplaceSourceSchema,
    installLocation: z.string(),
    lastUpdated: z.string(),
  }),
);

export type KnownMarketplaces = z.infer<typeof knownMarketplacesSchema>;

/** One install of a plugin (`installed_plugins.json`, version 2, as Claude Code writes it). */
export const installRecordSchema = z.looseObject({
  scope: z.string(),
  installPath: z.string(),
  version: z.string().optional(),
  installedAt: z.string().optional(),
  lastUpdated: z.string().optional(),
  gitCommitSha: z.string().optional(),
});

export type InstallRecord = z.infer<typeof installRecordSchema>;

export const installedPluginsSchema = z.looseObject({
  version: z.number().optional(),
  plugins: z.record(z.string(), z.array(installRecordSchema)),
});

export type InstalledPlugins = z.infer<typeof installedPluginsSchema>;

/**
 * Reads one of the store's JSON files: `empty` when it does not exist; a file that is not what
 * it should be is an error naming it (never silently replaced: it may list someone's installs).
 */
export async function readStoreFile<T>(path: string, schema: z.ZodType<T>, empty: T): Promise<T> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return empty;
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not valid JSON (${(error as Error).message})`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new Error(
      `${path}: ${parsed.error.issues[0]?.path.join(".")} ${parsed.error.issues[0]?.message}`,
    );
  }
  return parsed.data;
}

/** Writes a store file whole: a reader never sees half of it. */
export async function writeStoreFile(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(value, null, 2)}\n`);
  await rename(temp, path);
}
