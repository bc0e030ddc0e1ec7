import type { CliSession } from "./cli-session-types.js";

/** Settles when the signal aborts (never rejects; the listener goes with the signal). */
function onAbort(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", () => resolve(), { once: true });
  });
}

/**
 * `keel -p`'s wait at exit (Claude Code waits for local_agent tasks): until no background
 * agent runs, no teammate works (nor has mail or a task to claim, nor has written to the lead)
 * and no turn runs or waits — each agent's end starts a turn of its own, which may launch
 * more — or until the signal aborts (Ctrl+C, SIGTERM; dispose then stops the agents).
 * Rejects when the host's handler of an unprompted turn failed.
 */
export async function waitForBackgroundAgents(
  session: Pick<CliSession, "engine" | "backgroundAgents"> & Partial<Pick<CliSession, "team">>,
  signal: AbortSignal,
): Promise<void> {
  const { engine, backgroundAgents, team } = session;
  const aborted = onAbort(signal);
  while (!signal.aborted) {
    const settled = async () => {
      await backgroundAgents.whenNoneRunning();
      await team?.whenQuiet(signal);
      await engine.whenIdle();
    };
    // The team is asked last: its quiet() delivers the lead's unread mail, which starts a turn.
    const quiet = async () => !engine.busy && ((await team?.quiet()) ?? true);
    if (backgroundAgents.runningCount === 0 && !engine.busy && (await quiet())) {
      // The last unprompted turn's handler may have failed after the check above saw it end.
      await engine.whenIdle();
      return;
    }
    const work = settled();
    // After a signal the run is ending: a failure still to come has no one to tell.
    work.catch(() => {});
    await Promise.race([work, aborted]);
  }
}
