import type { BashSandbox, SandboxMode } from "../tools/sandbox/bash-sandbox.js";

/**
 * The session's sandbox as a dream's Bash uses it: the same runtime, settings and network
 * rules, in the mode the session had when the dream started, but every command may write
 * only in its working folder, the memory folder (what the settings' and the permission
 * rules' allowWrite add to a session's commands is left out).
 */
export function dreamSandbox(session: BashSandbox): BashSandbox {
  let mode: SandboxMode = { ...session.mode() };
  return {
    settings: session.settings,
    mode: () => mode,
    setMode(next) {
      mode = { ...next };
    },
    availability: () => session.availability(),
    // Whether a call is covered follows the dream's own mode, then the session's checks.
    covers: async (call, cwd) => mode.enabled && (await session.covers(call, cwd)),
    wrap: (wrap) => session.wrap({ ...wrap, writesOnlyInPlaces: true }),
    annotate: (id, stderr) => session.annotate(id, stderr),
    // The runtime is the session's: the session stops it when it ends.
    dispose: async () => {},
  };
}
