import { usageScreen } from "../../../context/usage/usage-text.js";
import type { ReplHost } from "./host.js";

/** `/context`: the grid of what fills the context window, with a line per category. */
export async function showContext(host: ReplHost): Promise<void> {
  const report = host.activeSession.contextUsage;
  if (!report) return host.notice("/context is not available in this session.", "error");
  host.notice(usageScreen(await report()));
}
