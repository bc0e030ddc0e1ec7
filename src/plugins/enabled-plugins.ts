import { readInstalled } from "./store/installs.js";
import { pluginStorePaths } from "./store/paths.js";

/** An installed plugin the settings turn on, and the folder it was installed in. */
export interface EnabledPlugin {
  id: string;
  dir: string;
}

/**
 * Finds the installed folders of the plugins the settings enable: keel's own installs first,
 * then Claude Code's in `~/.claude/plugins` (contracts §3). An id installed nowhere is returned in `missing`; a store
 * file that cannot be read is a problem line, and that store is skipped.
 */
export async function findEnabledPlugins(
  ids: readonly string[],
  stores: { keelStateDir: string; claudeDir: string },
): Promise<{ found: EnabledPlugin[]; missing: string[]; problems: string[] }> {
  const problems: string[] = [];
  // The usual case: nothing enabled, no store is read.
  if (ids.length === 0) return { found: [], missing: [], problems };
  const records = [];
  for (const stateDir of [stores.keelStateDir, stores.claudeDir]) {
    try {
      records.push(await readInstalled({ paths: pluginStorePaths(stateDir) }));
    } catch (error) {
      problems.push(`installed plugins not read: ${(error as Error).message}`);
    }
  }
  const found: EnabledPlugin[] = [];
  const missing: string[] = [];
  for (const id of [...ids].sort()) {
    const record = records.map((r) => r.plugins[id]?.[0]).find((r) => r !== undefined);
    if (record) found.push({ id, dir: record.installPath });
    else missing.push(id);
  }
  return { found, missing, problems };
}
