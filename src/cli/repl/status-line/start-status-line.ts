import type { ResolvedSettings } from "../../../config/settings/resolved.js";
import { sessionTranscriptPath } from "../../../session/transcript/paths.js";
import type { ReplController } from "../repl-controller.js";
import { runStatusCommand } from "./status-command.js";
import { statusInput } from "./status-input.js";
import { StatusLineFeed } from "./status-line-feed.js";

/** The status line the REPL draws under its prompt. */
export interface StatusLineView {
  feed: StatusLineFeed;
  /** Columns of space before it (the setting's `padding`). */
  padding: number;
  /** Stops following the conversation and the command. */
  stop(): void;
}

/** Where the command runs. */
export interface StatusLinePlace {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  stateDir: string;
}

const DEFAULT_TIMEOUT_MS = 5_000;
const THROTTLE_MS = 300;

function timeoutOf(env: StatusLinePlace["env"]): number {
  const ms = Number(env.KEEL_STATUS_LINE_TIMEOUT_MS);
  return Number.isInteger(ms) && ms > 0 ? ms : DEFAULT_TIMEOUT_MS;
}

/**
 * Starts the `statusLine` command of the settings (none with `disableAllHooks`, as in Claude
 * Code): run at start and again whenever the conversation, the model or the mode changes.
 */
export function startStatusLine(
  settings: Pick<ResolvedSettings, "statusLine" | "disableAllHooks">,
  controller: ReplController,
  place: StatusLinePlace,
): StatusLineView | undefined {
  const setting = settings.statusLine;
  if (!setting || settings.disableAllHooks) return undefined;
  const startedAt = Date.now();
  const command = { command: setting.command, ...place, timeoutMs: timeoutOf(place.env) };
  const feed = new StatusLineFeed({
    run: (input, signal) => runStatusCommand(command, input, signal),
    input: () => {
      const { sessionId, totalCostUsd } = controller.engine;
      return statusInput({
        sessionId,
        transcriptPath: sessionTranscriptPath(place.stateDir, place.cwd, sessionId),
        cwd: place.cwd,
        model: controller.store.get().model,
        // The session's own: a style chosen since start-up is in force after /clear or /resume.
        outputStyle: controller.activeSession.outputStyle ?? "default",
        totalCostUsd,
        elapsedMs: Date.now() - startedAt,
      });
    },
    now: Date.now,
    throttleMs: THROTTLE_MS,
    setTimer: (run, ms) => {
      const timer = setTimeout(run, ms);
      return { cancel: () => clearTimeout(timer) };
    },
  });
  let seen = "";
  const follow = () => {
    const s = controller.store.get();
    const now = `${s.generation}|${s.view.done.length}|${s.busy}|${s.model}|${s.mode}`;
    if (now === seen) return;
    seen = now;
    feed.refresh();
  };
  const unsubscribe = controller.store.subscribe(follow);
  follow();
  return {
    feed,
    padding: setting.padding ?? 0,
    stop: () => {
      unsubscribe();
      feed.stop();
    },
  };
}
