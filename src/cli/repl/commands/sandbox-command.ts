import { relative } from "node:path";
import type { ReplHost } from "./host.js";
import { changedText, parseSandboxArgs, SANDBOX_CHOICES, sandboxText } from "./sandbox.js";
import { saveSandboxMode } from "./sandbox-settings-file.js";
import { localSettingsPath } from "./settings-json-file.js";

async function sandboxAnswer(
  host: ReplHost,
  args: string,
): Promise<{ text: string; tone: "info" | "error" }> {
  const sandbox = host.activeSession.sandbox;
  if (!sandbox) return { text: "/sandbox is not available in this session.", tone: "error" };
  const request = parseSandboxArgs(args);
  if (request.kind === "bad") return { text: request.problem, tone: "error" };
  const { bash } = sandbox;
  if (request.kind === "show") {
    const facts = {
      mode: bash.mode(),
      availability: await bash.availability(),
      readOnlyJail: sandbox.status.readOnlyJail,
      settings: bash.settings,
    };
    return { text: sandboxText(facts), tone: "info" };
  }
  const { mode } = SANDBOX_CHOICES[request.choice];
  bash.setMode(mode);
  const path = localSettingsPath(host.cwd);
  const saved = await saveSandboxMode(path, mode);
  const where = saved.saved ? { savedTo: relative(host.cwd, path) } : { notSaved: saved.why };
  const availability = mode.enabled ? await bash.availability() : undefined;
  const text = changedText(request.choice, where, availability);
  return { text, tone: saved.saved ? "info" : "error" };
}

/**
 * `/sandbox [auto-allow|regular|off]`: shows the session's Bash sandbox, or switches its mode
 * for the session and saves it to the project's `.claude/settings.local.json`.
 */
export async function runSandbox(host: ReplHost, args: string): Promise<void> {
  const answer = await sandboxAnswer(host, args);
  host.notice(answer.text, answer.tone);
}
