import type { ReplHost } from "./host.js";
import { shellRecord, shellView } from "./shell-escape.js";

/**
 * `!cmd`: runs the command in the working folder (Esc kills it), shows its output, and
 * records command and output in the conversation for the model's next turn. Allowed while a
 * turn runs (like Claude Code): the record then joins the conversation when that turn ends.
 */
export async function runShellEscape(host: ReplHost, command: string): Promise<void> {
  const shell = host.activeSession.shell;
  if (!shell) {
    host.notice("!commands are not available in this session.", "error");
    return;
  }
  if (command.trim() === "") {
    host.notice("Type a shell command after the !, e.g. !git status", "error");
    return;
  }
  await host.runBusy(async (signal) => {
    const outcome = await shell(command, signal);
    const view = shellView(outcome);
    host.notice(view.text, view.failed ? "error" : "info");
    host.record(shellRecord(command, outcome));
  });
}
