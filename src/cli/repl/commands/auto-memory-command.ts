import type { AutoMemorySwitchResult } from "./auto-memory-view.js";
import type { ReplHost } from "./host.js";

/** The line /memory shows about the session's auto memory: on (and where) or off. */
export function autoMemoryLine(memoryDir: string | undefined): string {
  return memoryDir === undefined
    ? "Auto memory: off for this session (/memory auto on turns it on)."
    : `Auto memory: on, in ${memoryDir} (/dream tidies it; /memory auto off turns it off).`;
}

/**
 * `/memory auto [on|off]`: shows the session's auto memory, or switches it for the running
 * session (the next turn's system prompt has the memory section or not, and writes into the
 * folder need approval again once it is off) and saves the choice as `autoMemoryEnabled`.
 */
export async function runAutoMemory(host: ReplHost, args: string): Promise<void> {
  const view = host.activeSession.autoMemory;
  if (args === "") return host.notice(autoMemoryLine(view?.dir()));
  if (args !== "on" && args !== "off") {
    return host.notice("Usage: /memory auto [on|off]", "error");
  }
  if (!view) return host.notice("This session cannot switch auto memory.", "error");
  const result = await view.switchTo(args === "on");
  host.notice(switchedText(result), result.ok && result.saved.saved ? "info" : "error");
}

function switchedText(result: AutoMemorySwitchResult): string {
  if (!result.ok) return `Auto memory was not switched: ${result.problem}.`;
  const now = autoMemoryLine(result.dir);
  if (!result.changed) return `${now} Nothing to change.`;
  const on = result.dir !== undefined;
  const saved = result.saved.saved
    ? `saved as "autoMemoryEnabled": ${on} in ${result.settingsPath}`
    : `not saved: ${result.saved.why}`;
  return `${now} It applies from the next turn; ${saved}.`;
}
