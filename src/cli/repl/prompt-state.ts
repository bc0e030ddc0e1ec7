import {
  bufferOf,
  EMPTY_BUFFER,
  editInput,
  type InputBuffer,
  type KeyInfo,
} from "./input-buffer.js";
import { type HistoryWalk, recordInWalk, startWalk, stepWalk } from "./prompt-history.js";

/** The prompt line: what is typed and where the walk through the history stands. */
export interface PromptState {
  buffer: InputBuffer;
  walk: HistoryWalk;
}

/** A prompt with nothing typed, over earlier prompts (oldest first). */
export function initialPrompt(history: readonly string[]): PromptState {
  return { buffer: EMPTY_BUFFER, walk: startWalk(history) };
}

/** The prompt emptied (Ctrl+C), the history walk restarted. */
export function clearPrompt(state: PromptState): PromptState {
  return { buffer: EMPTY_BUFFER, walk: startWalk(state.walk.entries) };
}

/** Applies a key to the prompt; `submitted` is the text when the key sent it. */
export function promptKey(
  state: PromptState,
  input: string,
  key: KeyInfo,
): { state: PromptState; submitted?: string } {
  const edit = editInput(state.buffer, input, key);
  switch (edit.kind) {
    case "edit":
      return { state: { ...state, buffer: edit.buffer } };
    case "submit":
      if (edit.text.trim() === "") return { state };
      return {
        state: { buffer: EMPTY_BUFFER, walk: recordInWalk(state.walk, edit.text) },
        submitted: edit.text,
      };
    case "history": {
      const step = stepWalk(state.walk, edit.direction, state.buffer.text);
      return step ? { state: { buffer: bufferOf(step.text), walk: step.walk } } : { state };
    }
    case "ignored":
      return { state };
  }
}
