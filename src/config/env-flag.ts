/** Whether a Claude Code on/off variable is on: `1`, `true`, `yes` or `on`, as Claude Code reads them. */
export function envFlag(value: string | undefined): boolean {
  return ["1", "true", "yes", "on"].includes((value ?? "").trim().toLowerCase());
}
