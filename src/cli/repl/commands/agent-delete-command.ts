import { unlink } from "node:fs/promises";
import { type AgentFileParts, shownAgentPath, winnerWhere } from "./agent-file-session.js";
import { findAgentFile, isClaudeCodeUserFile } from "./agent-files.js";
import type { ReplHost } from "./host.js";

/** `/agents delete <name>`: the agent's file removed once the person confirms. */
export async function deleteAgent(
  host: ReplHost,
  parts: AgentFileParts,
  name: string,
): Promise<void> {
  const found = await findAgentFile(name, parts.agents(), parts.places);
  if (found.kind === "no-file") return host.notice(`/agents delete: ${found.reason}.`, "error");
  if (found.kind === "unknown") {
    return host.notice(`/agents delete: no agent is named ${name} (/agents lists them).`, "error");
  }
  const { path } = found;
  const shown = shownAgentPath(parts, path);
  if (isClaudeCodeUserFile(path, parts.places)) {
    // keel writes only in its own folder and the project's (contracts §3); editing is the editor's.
    return host.notice(
      `/agents delete: ${shown} is in Claude Code's user folder, which keel reads but does not change; delete it there.`,
      "error",
    );
  }
  host.pick(
    `Delete the agent ${name} (${shown})?`,
    [{ label: "Yes, delete the file" }, { label: "No, keep it" }],
    (index) => {
      if (index !== 0) return host.notice(`Kept ${shown}.`);
      return host.exclusive("/agents delete", async () => {
        await unlink(path);
        await parts.reloadAgents();
        const now = parts.agents().find((agent) => agent.name === name);
        const after = now
          ? `${name} is now the ${now.source.kind} agent ${winnerWhere(now, (file) => shownAgentPath(parts, file))}.`
          : `The Agent tool no longer offers ${name}.`;
        host.notice(`Deleted ${shown}. ${after}`);
      });
    },
  );
}
