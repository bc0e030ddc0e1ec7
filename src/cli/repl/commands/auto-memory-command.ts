import type { ReplHost } from "./host.js";

/** The line /memory shows about the session's auto memory: on (and where) or off. */
export function autoMemoryLine(memoryDir: string | undefined): string {
  return memoryDir === undefined
    ? "Auto memory: off for this session (the autoMemoryEnabled setting turns it on)."
    : `Auto memory: on, in ${memoryDir} (/dream tidies it).`;
}

/**
 * `/memory auto [on|off]`: shows the session's auto memory. keel fixes it when the session
 * starts (its folder is in the system prompt and in the permission engine's one write
 * exception), so a switch is answered with the setting that makes it, not made halfway.
 */
export function runAutoMemory(host: ReplHost, args: string): void {
  const answer = autoMemoryAnswer(host.activeSession.dream?.memoryDir(), args);
  host.notice(answer.text, answer.tone);
}

function autoMemoryAnswer(
  memoryDir: string | undefined,
  args: string,
): { text: string; tone: "info" | "error" } {
  if (args === "") return { text: autoMemoryLine(memoryDir), tone: "info" };
  if (args !== "on" && args !== "off") {
    return { text: "Usage: /memory auto [on|off]", tone: "error" };
  }
  const wanted = args === "on";
  if (wanted === (memoryDir !== undefined)) {
    return { text: `${autoMemoryLine(memoryDir)} Nothing to change.`, tone: "info" };
  }
  const text = `keel cannot switch auto memory ${args} inside a running session. Set "autoMemoryEnabled": ${wanted} in .claude/settings.local.json (or ~/.keel/settings.json) and start keel again; it then stays ${args}.`;
  return { text, tone: "error" };
}
