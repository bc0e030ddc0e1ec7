import { usageScreen } from "../../../context/usage/usage-text.js";
import { errorText } from "../error-text.js";
import type { ReplHost } from "./host.js";

/** `/context`: the grid of what fills the context window, with a line per category. */
export async function showContext(host: ReplHost): Promise<void> {
  const report = host.activeSession.contextUsage;
  if (!report) return host.notice("/context is not available in this session.", "error");
  try {
    host.notice(usageScreen(await report()));
  } catch (error) {
    host.notice(`/context failed: ${errorText(error)}`, "error");
  }
}
