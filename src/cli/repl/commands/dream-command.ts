import { errorText } from "../error-text.js";
import { AUTO_MEMORY_OFF, dreamOutcomeText } from "./dream.js";
import type { ReplHost } from "./host.js";

/**
 * `/dream`: runs the dream pass over the session's auto memory folder now, as busy work (Esc
 * aborts it, and the lock's time rolls back), and ends with the pass's one summary line.
 */
export async function runDream(host: ReplHost, args: string): Promise<void> {
  const dream = host.activeSession.dream;
  if (args !== "") return host.notice("Usage: /dream (takes no arguments)", "error");
  if (!dream) return host.notice("/dream is not available in this session.", "error");
  const memoryDir = dream.memoryDir();
  if (memoryDir === undefined) return host.notice(AUTO_MEMORY_OFF, "error");
  if (host.isBusy()) {
    return host.notice("A turn is running: press Esc to end it before /dream.", "error");
  }
  host.notice(`Dreaming over ${memoryDir} (Esc stops it; the folder is backed up first)…`);
  await host.runBusy(async (signal) => {
    try {
      const outcome = await dream.run(signal, (step) => host.notice(step));
      host.notice(dreamOutcomeText(outcome), outcome.type === "done" ? "info" : "error");
    } catch (error) {
      const why = signal.aborted ? "stopped (Esc)" : `failed: ${errorText(error)}`;
      host.notice(`Dream ${why}. The memory folder's backup, if one was made, is kept.`, "error");
    }
  });
}
