import type { SettingsRoots, SettingsSource } from "../config/settings/sources.js";
import { settingsFileLocations } from "../config/settings/sources.js";
import { type FileWatch, watchFiles } from "../hooks/file-changed-watch.js";
import type { HookEventFields } from "../hooks/hook-input.js";
import type { SessionHooks } from "./session-hooks.js";
import type { SettingsReloader } from "./settings-reloader.js";

type ConfigSource = HookEventFields["ConfigChange"]["source"];

/** ConfigChange's `source` for each settings file keel reads. */
const SOURCE_NAME: Partial<Record<SettingsSource, ConfigSource>> = {
  userClaude: "user_settings",
  userKeel: "user_settings",
  project: "project_settings",
  local: "local_settings",
};

/** What watching the session's settings files works on. */
interface ConfigWatchDeps {
  roots: SettingsRoots;
  /** The settings files the session loaded (only these are watched). */
  files: readonly string[];
  /** Reads the settings again and puts them in force (the session's one reloader). */
  reloader: SettingsReloader;
  hooks: Pick<SessionHooks, "configChange">;
  warn: (text: string) => void;
  settleMs?: number;
}

/**
 * Watches the settings files the session loaded. When one changes, ConfigChange hooks run
 * (`source`, the matcher's value, and `file_path`); unless one blocks, the settings are read
 * again and the session takes their permission rules and hooks (and says so), except what a
 * project-level file would widen, which waits for a new session (and is named). A blocked
 * change, or a file that no longer reads, leaves the session's settings as they were, and says so.
 */
export function watchConfigChanges(deps: ConfigWatchDeps): FileWatch {
  const sources = new Map(
    settingsFileLocations(deps.roots).flatMap(({ source, path }) => {
      const name = SOURCE_NAME[source];
      return name ? [[path, name] as const] : [];
    }),
  );
  const watched = deps.files.filter((file) => sources.has(file));
  let queue = Promise.resolve();
  const changed = async (path: string, source: ConfigSource) => {
    const blocked = await deps.hooks.configChange({ source, file_path: path });
    if (blocked !== undefined) {
      deps.warn(
        `${path} changed; a ConfigChange hook blocked it, so the settings stay as they were: ${blocked}`,
      );
      return;
    }
    try {
      const outcome = await deps.reloader.reload();
      const held =
        outcome.held.length === 0
          ? ""
          : `, except what would widen this session's permissions, which waits for a new session: ${outcome.held.join("; ")}`;
      deps.warn(`${path} changed: its permission rules and hooks are in force now${held}`);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      deps.warn(`${path} changed but cannot be used (${why}); the settings stay as they were`);
    }
  };
  return watchFiles(
    watched,
    (path) => {
      const source = sources.get(path);
      // One change at a time, in order: a reload never races the one before it.
      if (source) queue = queue.then(() => changed(path, source));
    },
    deps.settleMs,
  );
}
