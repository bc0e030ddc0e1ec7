import { homedir } from "node:os";
import type { ResolvedSettings } from "../config/settings/resolved.js";
import { excludedFromSandbox } from "../policy/sandbox-exclusions.js";
import { sandboxRuleAdditions } from "../policy/sandbox-rules.js";
import type { SandboxUnavailableReason, SdkSandboxStatus } from "../session/sdk-messages.js";
import { programOnPath } from "../tools/builtin/bash/read-only-jail.js";
import { type BashSandbox, createBashSandbox } from "../tools/sandbox/bash-sandbox.js";
import { UsageError } from "./usage-error.js";

/** What confines the session's Bash commands, settled before anything runs. */
export interface SessionSandbox {
  /** Claude Code's sandbox (off until the settings or /sandbox turn it on). */
  bash: BashSandbox;
  status: SdkSandboxStatus;
}

/** The places the session starts from. */
export interface SandboxRoots {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * The session's sandbox: the `sandbox` settings through Anthropic's runtime, and keel's own
 * read-only jail. What cannot be honoured is said on stderr, once; a sandbox that is required
 * (`failIfUnavailable`) but cannot run stops keel before any command does.
 */
export async function createSessionSandbox(
  settings: ResolvedSettings,
  roots: SandboxRoots,
  warn: (text: string) => void,
  create: typeof createBashSandbox = createBashSandbox,
): Promise<SessionSandbox> {
  const { sandbox } = settings;
  for (const note of sandbox.unhonoured) warn(note);
  const home = roots.env.HOME ?? homedir();
  // Nothing of the runtime loads until a call asks for it (or /sandbox turns it on).
  const bash = create({
    settings: sandbox,
    fromRules: sandboxRuleAdditions(settings.rules, { cwd: roots.cwd, home }),
    isExcluded: (command, cwd) =>
      excludedFromSandbox(command, sandbox.excludedCommands, { cwd, home, env: roots.env }),
  });
  const readOnlyJail = programOnPath("bwrap", roots.env.PATH) !== undefined;
  const status = (active: boolean, unavailable?: string): SessionSandbox => ({
    bash,
    status: {
      enabled: sandbox.enabled,
      active,
      readOnlyJail,
      ...(unavailable === undefined ? {} : { unavailable }),
    },
  });
  if (!sandbox.enabled) {
    if (readOnlyJail) return status(false);
    const why = "bwrap (bubblewrap) is not installed";
    warn(`no sandbox here: ${why}; read-only Bash commands run on the analysis alone`);
    return status(false, why);
  }
  const availability = await bash.availability();
  if (availability.available) return status(true);
  if (sandbox.failIfUnavailable) {
    throw new SandboxUnavailableError(
      `sandbox.failIfUnavailable is set and the sandbox cannot run here: ${availability.why}`,
    );
  }
  warn(
    `sandbox.enabled is set but the sandbox cannot run here (${availability.why}); Bash commands run without it`,
  );
  return status(false, availability.why);
}

/** A required sandbox that cannot run: keel stops (exit 1) before the session starts. */
export class SandboxUnavailableError extends UsageError {
  readonly startupFailureReason: SandboxUnavailableReason = "sandbox_required_unavailable";
}
