import { z } from "zod";
import { readStoreFile, writeStoreFile } from "./store-files.js";

const settingsObject = z.record(z.string(), z.unknown());

/**
 * Turns a plugin on (true), off (false) or back to unset (undefined) in one settings file's
 * `enabledPlugins`, keeping every other key as it was.
 */
export async function setPluginEnabled(
  settingsFile: string,
  id: string,
  enabled: boolean | undefined,
): Promise<void> {
  const settings = await readStoreFile(settingsFile, settingsObject, {});
  const current = settings.enabledPlugins;
  const plugins =
    current !== null && typeof current === "object" && !Array.isArray(current)
      ? { ...(current as Record<string, unknown>) }
      : {};
  if (enabled === undefined) delete plugins[id];
  else plugins[id] = enabled;
  await writeStoreFile(settingsFile, { ...settings, enabledPlugins: plugins });
}
