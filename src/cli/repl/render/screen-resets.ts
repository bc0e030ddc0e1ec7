import type { ReplState, Store } from "../repl-store.js";
import type { InkStdout } from "./ink-stdout.js";

/**
 * Starts the screen afresh each time the conversation is drawn anew (a new `generation`:
 * /clear, /rewind, /resume), before the new drawing: the live region is erased
 * (`eraseLive`), then /clear clears the screen and the scrollback, the others scroll what the
 * screen showed up into the scrollback. Subscribe before the screen does, so this runs first.
 * Returns the unsubscribe function.
 */
export function followScreenResets(
  store: Store<ReplState>,
  screen: InkStdout,
  eraseLive: () => void,
): () => void {
  let generation = store.get().generation;
  return store.subscribe(() => {
    const state = store.get();
    if (state.generation === generation) return;
    generation = state.generation;
    eraseLive();
    screen.freshScreen(state.reset === "clear");
  });
}
