import type { ReplController } from "../repl-controller.js";
import { hookEventNamed, hooksText, unknownEventText } from "./hooks-view.js";

/**
 * `/hooks [Event]`: the hooks configured now, by event and matcher, and which of them the
 * session runs (read-only: hooks are edited in the settings files, as Claude Code's are).
 */
export async function showHooks(repl: ReplController, args: string): Promise<void> {
  const listing = repl.activeSession.hooks;
  if (!listing) return repl.notice("/hooks is not available in this session.", "error");
  const name = args.trim();
  const event = name === "" ? undefined : hookEventNamed(name);
  if (name !== "" && !event) return repl.notice(unknownEventText(name), "error");
  repl.notice(hooksText(await listing(), event));
}
