import { errorText } from "../error-text.js";
import type { ReplHost } from "./host.js";
import { memoryText } from "./memory.js";
import { permissionsCommand } from "./permissions.js";
import { statusText } from "./status.js";

/** `/status`: the session's model, ids, folders, mode, settings, memory, MCP and cost. */
export async function showStatus(host: ReplHost, model: string): Promise<void> {
  const session = host.activeSession;
  const memory = await session.memory?.().catch(() => undefined);
  host.notice(
    statusText({
      model: session.models?.current() ?? model,
      provider: session.models?.providerName,
      sessionId: session.engine.sessionId,
      cwd: host.cwd,
      permissionMode: session.permissionMode?.(),
      settingsFiles: session.settingsFiles,
      memoryFiles: memory?.map((row) => row.path),
      mcpServers: session.mcp?.().servers,
      totalCostUsd: session.engine.totalCostUsd,
    }),
  );
}

/** `/memory`: the memory files loaded, with kind and size. */
export async function showMemory(host: ReplHost): Promise<void> {
  const load = host.activeSession.memory;
  if (!load) {
    host.notice(memoryText(undefined), "error");
    return;
  }
  try {
    host.notice(memoryText(await load()));
  } catch (error) {
    host.notice(`Could not read the memory files: ${errorText(error)}`, "error");
  }
}

/** `/permissions [allow|deny <rule>]`: lists the rules, or adds a session rule. */
export function permissions(host: ReplHost, args: string): void {
  const answer = permissionsCommand(host.activeSession.permissions, args);
  host.notice(answer.text, answer.tone);
}
