/** How much of a monitor's output one event, and the whole monitor, may carry. */
export interface MonitorLimits {
  /** Lines an event shows at most; the rest are counted (KEEL_MONITOR_MAX_LINES, default 50). */
  maxLines: number;
  /** Characters an event shows at most (KEEL_MONITOR_MAX_CHARS, default 4,000). */
  maxChars: number;
  /**
   * Characters every event of one monitor may carry together (KEEL_MONITOR_MAX_TOTAL_CHARS,
   * default 100,000): past it the monitor is stopped, so it cannot grow the context unbounded.
   */
  maxTotalChars: number;
}

export const DEFAULT_MONITOR_LIMITS: MonitorLimits = {
  maxLines: 50,
  maxChars: 4_000,
  maxTotalChars: 100_000,
};

/** The limits the environment sets (a value that is not a positive integer keeps the default). */
export function monitorLimits(env: Readonly<Record<string, string | undefined>>): MonitorLimits {
  return {
    maxLines: positive(env.KEEL_MONITOR_MAX_LINES) ?? DEFAULT_MONITOR_LIMITS.maxLines,
    maxChars: positive(env.KEEL_MONITOR_MAX_CHARS) ?? DEFAULT_MONITOR_LIMITS.maxChars,
    maxTotalChars:
      positive(env.KEEL_MONITOR_MAX_TOTAL_CHARS) ?? DEFAULT_MONITOR_LIMITS.maxTotalChars,
  };
}

function positive(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d+$/.test(text.trim())) return undefined;
  const value = Number(text);
  return value > 0 ? value : undefined;
}

/**
 * One event's text from a window's lines: the first lines that fit in both limits (a single
 * over-long line is cut), then one line counting what was left out.
 */
export function eventText(lines: readonly string[], limits: MonitorLimits): string {
  const shown: string[] = [];
  let chars = 0;
  for (const line of lines) {
    if (shown.length >= limits.maxLines) break;
    const room = limits.maxChars - chars;
    if (room <= 0) break;
    const kept = line.length > room ? `${line.slice(0, Math.max(0, room - 1))}…` : line;
    shown.push(kept);
    chars += kept.length + 1;
    if (kept !== line) break;
  }
  const left = lines.length - shown.length;
  const cut = shown.length > 0 && shown.at(-1) !== lines[shown.length - 1];
  if (left > 0 || cut) {
    const leftChars = lines.slice(shown.length).reduce((sum, line) => sum + line.length + 1, 0);
    shown.push(`[… ${left} more line${left === 1 ? "" : "s"} (${leftChars} characters) not shown]`);
  }
  return shown.join("\n");
}
