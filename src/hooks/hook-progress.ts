/** A running hook's output so far. */
export interface HookOutputSoFar {
  stdout: string;
  stderr: string;
}

/** Claude Code reports a running hook's output once a second. */
export const HOOK_PROGRESS_INTERVAL_MS = 1_000;

/**
 * Passes a running hook's output on at most once per interval, and only when it changed since
 * the last time (hook_progress messages); `stop` when the hook ends.
 */
export function throttledProgress(
  intervalMs: number,
  emit: (output: HookOutputSoFar) => void,
): { onOutput: (output: HookOutputSoFar) => void; stop: () => void } {
  let latest: HookOutputSoFar | undefined;
  let sent = "";
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (!latest) return;
    const key = JSON.stringify(latest);
    if (key === sent) return;
    sent = key;
    emit(latest);
  };
  return {
    onOutput: (output) => {
      latest = output;
      if (timer) return;
      timer = setInterval(flush, intervalMs);
      timer.unref();
    },
    stop: () => clearInterval(timer),
  };
}
