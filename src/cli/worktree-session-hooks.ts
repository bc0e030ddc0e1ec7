import { homedir } from "node:os";
import { keelStateDir } from "../config/paths.js";
import type { HooksConfig } from "../hooks/config.js";
import { sessionTranscriptPath } from "../session/transcript/index.js";
import type { WorktreeHooks } from "../worktree/agent-worktree.js";
import { httpHookPolicy } from "./cli-session.js";
import type { CliIo } from "./io.js";
import type { CliOptions } from "./options.js";
import { writeTo } from "./output.js";
import { decideFolderTrust } from "./repl/startup/folder-trust.js";
import { createSessionHooks } from "./session-hooks.js";
import { loadSessionPolicy } from "./session-policy.js";

const worktreeEntries = (hooks: HooksConfig | undefined) => [
  hooks?.WorktreeCreate ?? [],
  hooks?.WorktreeRemove ?? [],
];

const hasWorktreeHooks = (hooks: HooksConfig | undefined) =>
  worktreeEntries(hooks).some((entries) => entries.length > 0);

/**
 * The WorktreeCreate and WorktreeRemove hooks of `-w/--worktree`, from the settings of the
 * folder keel was started in (its user and project files: the worktree does not exist yet).
 * A headless run counts the folder as trusted, as print mode does; in the REPL a folder not yet
 * trusted keeps its own hooks off (nobody has been asked), and keel says so once. Undefined
 * when no settings file configures either event.
 */
export async function worktreeSessionHooks(
  options: CliOptions,
  io: CliIo,
  sessionId: string,
): Promise<WorktreeHooks | undefined> {
  const stateDir = keelStateDir(io.env);
  const roots = { home: io.env.HOME ?? homedir(), stateDir, cwd: io.cwd };
  const warn = (text: string) => void writeTo(io.stderr, `keel: ${text}\n`);
  // The session reads these files again in the worktree and says their problems there.
  const loaded = await loadSessionPolicy(options, roots, () => {});
  const headless = options.print || options.inputFormat === "stream-json";
  const trusted =
    headless || (await decideFolderTrust(loaded.settings, roots, async () => false)).trusted;
  const policy = trusted
    ? loaded
    : await loadSessionPolicy(options, roots, () => {}, { projectTrusted: false });
  const off =
    JSON.stringify(worktreeEntries(loaded.hooks)) !== JSON.stringify(worktreeEntries(policy.hooks));
  if (off) {
    warn(
      `${io.cwd} is not trusted yet, so its own WorktreeCreate/WorktreeRemove hooks stay off (start keel there once to answer the trust question)`,
    );
  }
  if (!hasWorktreeHooks(policy.hooks)) return undefined;
  return createSessionHooks({
    config: policy.hooks,
    sessionId,
    transcriptPath: sessionTranscriptPath(stateDir, io.cwd, sessionId),
    cwd: io.cwd,
    env: { ...io.env, ...policy.settings.env },
    permissionMode: () => policy.settings.permissionMode,
    report: warn,
    http: httpHookPolicy(policy.settings),
  }).engine.tool.worktree;
}
