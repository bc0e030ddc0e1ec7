import { randomUUID } from "node:crypto";
import { sdkSlashCommands } from "../slash/session-skills.js";
import type { SessionSlash } from "../slash/session-slash.js";
import type { ControlChannel } from "./channel.js";

/**
 * Pushes system/commands_changed (the whole list, as supportedCommands() gives it) whenever a
 * reload changed what a host may run: the SDK replaces its cached list with it.
 */
export function pushCommandsChanged(
  slash: Pick<SessionSlash, "onReload" | "start" | "mcpPrompts">,
  channel: ControlChannel,
  sessionId: () => string,
): () => void {
  let last = JSON.stringify(sdkSlashCommands(slash));
  return slash.onReload(() => {
    const commands = sdkSlashCommands(slash);
    const now = JSON.stringify(commands);
    if (now === last) return;
    last = now;
    void channel.write({
      type: "system",
      subtype: "commands_changed",
      commands,
      uuid: randomUUID(),
      session_id: sessionId(),
    });
  });
}
