import { randomUUID } from "node:crypto";
import { homedir } from "node:os";
import { keelStateDir } from "../config/paths.js";
import { sessionTranscriptPath } from "../session/transcript/index.js";
import { httpHookPolicy } from "./cli-session.js";
import type { CliIo } from "./io.js";
import type { CliOptions } from "./options.js";
import { writeTo } from "./output.js";
import { decideFolderTrust } from "./repl/startup/folder-trust.js";
import { createSessionHooks } from "./session-hooks.js";
import { loadSessionPolicy } from "./session-policy.js";

/**
 * `keel --init-only`: runs the Setup hooks (trigger init) and exits, with no session. Without
 * -p nobody chose the folder for keel, so an untrusted folder's own hooks stay off (folder
 * trust, contracts §6) and keel says so; with -p it runs as print mode does.
 */
export async function runSetupOnly(options: CliOptions, io: CliIo): Promise<number> {
  const stateDir = keelStateDir(io.env);
  const roots = { home: io.env.HOME ?? homedir(), stateDir, cwd: io.cwd };
  const warn = (text: string) => void writeTo(io.stderr, `keel: ${text}\n`);
  for (const warning of options.flagWarnings ?? []) warn(warning);
  const loaded = await loadSessionPolicy(options, roots, warn);
  const trust = options.print
    ? { trusted: true, notices: [] }
    : await decideFolderTrust(loaded.settings, roots, async () => false);
  for (const notice of trust.notices) warn(notice);
  const policy = trust.trusted
    ? loaded
    : await loadSessionPolicy(options, roots, () => {}, { projectTrusted: false });
  const sessionId = options.sessionId ?? randomUUID();
  const hooks = createSessionHooks({
    config: policy.hooks,
    sessionId,
    transcriptPath: sessionTranscriptPath(stateDir, io.cwd, sessionId),
    cwd: io.cwd,
    env: { ...io.env, ...policy.settings.env },
    permissionMode: () => policy.settings.permissionMode,
    report: warn,
    http: httpHookPolicy(policy.settings),
  });
  await hooks.setup("init");
  return 0;
}
