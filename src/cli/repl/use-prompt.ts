import { useCallback, useRef, useState } from "react";
import { type CommandEntry, listCommands } from "./completion/command-list.js";
import type { CompletionSources } from "./completion/menu.js";
import type { KeyPress } from "./keys/key-press.js";
import { initialPrompt, type PromptEffect, type PromptState, promptKey } from "./prompt-state.js";
import { useRedraw } from "./redraw.js";
import type { ReplController } from "./repl-controller.js";
import { lastCutTool, wholeOutputText } from "./whole-output.js";

/** The prompt's state and what the App wires to it. */
export interface PromptHandle {
  prompt: PromptState;
  /** The newest state (keys arrive faster than renders: each edits this, not the rendered one). */
  latest(): PromptState;
  set(next: PromptState): void;
  /** Applies a key: edits the prompt, sends it, or does what the key asks of the REPL. */
  onKey(key: KeyPress, sources: CompletionSources): void;
  /** The commands the `/` menu offers, from the session in use. */
  commands(): Promise<CommandEntry[]>;
  /** True while Ctrl+O has tool output shown whole. */
  wholeOutput: boolean;
}

/** The prompt of the REPL: its state, its keys, and their effects on the controller. */
export function usePrompt(controller: ReplController, history: readonly string[]): PromptHandle {
  const [prompt, setPromptState] = useState(() => initialPrompt(history));
  const latest = useRef(prompt);
  const set = useCallback((next: PromptState) => {
    latest.current = next;
    setPromptState(next);
  }, []);
  const [wholeOutput, setWholeOutput] = useState(false);
  const whole = useRef(wholeOutput);
  const redraw = useRedraw();
  const effect = (asked: PromptEffect) => {
    switch (asked) {
      case "interrupt":
        return controller.interrupt();
      case "exit":
        return void controller.exit(0);
      case "redraw":
        return redraw();
      case "toggle-output": {
        whole.current = !whole.current;
        setWholeOutput(whole.current);
        const cut = whole.current ? lastCutTool(controller.store.get().view.done) : undefined;
        return controller.notice(wholeOutputText(whole.current, cut));
      }
    }
  };
  const onKey = (key: KeyPress, sources: CompletionSources) => {
    const step = promptKey(latest.current, key, sources);
    set(step.state);
    if (step.submitted) controller.submit(step.submitted.text, step.submitted.shown);
    if (step.effect) effect(step.effect);
  };
  const commands = useCallback(() => listCommands(controller.activeSession), [controller]);
  return { prompt, latest: () => latest.current, set, onKey, commands, wholeOutput };
}
