import {
  type CompletionSources,
  type MenuChoice,
  NO_CHOICE,
  openMenu,
  tokenKey,
} from "./completion/menu.js";
import { menuKey } from "./completion/menu-keys.js";
import { editKey, type InputEdit } from "./edit-keys.js";
import {
  acceptedBuffer,
  extendSearch,
  type HistorySearch,
  olderMatch,
  shortenSearch,
  startSearch,
} from "./history-search.js";
import {
  bufferOf,
  EMPTY_BUFFER,
  type InputBuffer,
  insertText,
  removeRange,
} from "./input-buffer.js";
import { isPlain, type KeyPress } from "./keys/key-press.js";
import { addPaste, expandPastes, NO_PASTES, type Pastes, placeholderAt } from "./pasted-text.js";
import { type HistoryWalk, recordInWalk, startWalk, stepWalk } from "./prompt-history.js";

/** The prompt: what is typed, and the state of the keys that work on it. */
export interface PromptState {
  buffer: InputBuffer;
  walk: HistoryWalk;
  /** Long pastes shown as `[Pasted text #N +L lines]`, expanded when the prompt is sent. */
  pastes: Pastes;
  /** What Ctrl+K, Ctrl+U or Ctrl+W cut last (Ctrl+Y puts it back). */
  killed: string;
  /** Ctrl+R's search, while it runs. */
  search?: HistorySearch;
  /** The highlighted suggestion of the `/` or `@` menu. */
  menu: MenuChoice;
}

/** What a key asks of the REPL beyond the prompt. */
export type PromptEffect =
  /** Esc: end the running turn. */
  | "interrupt"
  /** Ctrl+D on an empty prompt. */
  | "exit"
  /** Ctrl+L: clear the screen and draw the prompt again. */
  | "redraw"
  /** Ctrl+O: show tool output whole, or cut again. */
  | "toggle-output";

/** A key's outcome: the new prompt, the prompt sent (if it was), the effect asked for. */
export interface PromptStep {
  state: PromptState;
  /** `text` goes to the model (pastes expanded); `shown` is what was typed (placeholders kept). */
  submitted?: { text: string; shown: string };
  effect?: PromptEffect;
}

const NO_SOURCES: CompletionSources = { commands: [] };

/** A prompt with nothing typed, over earlier prompts (oldest first). */
export function initialPrompt(history: readonly string[]): PromptState {
  return {
    buffer: EMPTY_BUFFER,
    walk: startWalk(history),
    pastes: NO_PASTES,
    killed: "",
    menu: NO_CHOICE,
  };
}

/** The prompt emptied (Ctrl+C), the history walk restarted; what was cut is kept. */
export function clearPrompt(state: PromptState): PromptState {
  return { ...initialPrompt(state.walk.entries), killed: state.killed };
}

/** The prompt holding `text` (a rewound prompt put back), everything else as it was. */
export function promptWithText(state: PromptState, text: string): PromptState {
  return { ...state, buffer: bufferOf(text), pastes: NO_PASTES, search: undefined };
}

function withBuffer(state: PromptState, buffer: InputBuffer): PromptStep {
  return { state: { ...state, buffer } };
}

function submit(state: PromptState): PromptStep {
  const shown = state.buffer.text;
  if (shown.trim() === "") return { state };
  const text = expandPastes(shown, state.pastes);
  return {
    state: { ...clearPrompt(state), walk: recordInWalk(state.walk, text) },
    submitted: { text, shown },
  };
}

function applyEdit(state: PromptState, edit: InputEdit): PromptStep {
  switch (edit.kind) {
    case "edit":
      return withBuffer(state, edit.buffer);
    case "kill":
      return { state: { ...state, buffer: edit.buffer, killed: edit.killed } };
    case "submit":
      return submit(state);
    case "history": {
      const step = stepWalk(state.walk, edit.direction, state.buffer.text);
      return step
        ? { state: { ...state, buffer: bufferOf(step.text), walk: step.walk } }
        : { state };
    }
    case "ignored":
      return { state };
  }
}

/** Backspace and Delete take a paste's placeholder out whole. */
function deletePlaceholder(state: PromptState, key: KeyPress): PromptStep | undefined {
  const back = isPlain(key, "backspace") || (key.kind === "ctrl" && key.char === "h");
  const forward = isPlain(key, "delete") || (key.kind === "ctrl" && key.char === "d");
  if (!back && !forward) return undefined;
  const { text, cursor } = state.buffer;
  const found = placeholderAt(text, cursor, state.pastes, back ? "before" : "after");
  return found ? withBuffer(state, removeRange(state.buffer, found.start, found.end)) : undefined;
}

/** Keys that act on the REPL or the prompt as a whole rather than edit its text. */
function commandKey(state: PromptState, key: KeyPress): PromptStep | undefined {
  if (key.kind === "paste") {
    const added = addPaste(state.pastes, key.text);
    return {
      state: { ...state, pastes: added.pastes, buffer: insertText(state.buffer, added.inserted) },
    };
  }
  if (isPlain(key, "escape")) return { state, effect: "interrupt" };
  if (key.kind !== "ctrl") return undefined;
  switch (key.char) {
    case "d":
      return state.buffer.text === "" ? { state, effect: "exit" } : undefined;
    case "l":
      return { state, effect: "redraw" };
    case "o":
      return { state, effect: "toggle-output" };
    case "r":
      return { state: { ...state, search: startSearch(state.buffer) } };
    case "y":
      return withBuffer(state, insertText(state.buffer, state.killed));
    default:
      return undefined;
  }
}

/** A key while Ctrl+R searches; undefined when it ends the search and then acts as usual. */
function searchKey(
  state: PromptState,
  search: HistorySearch,
  key: KeyPress,
): PromptStep | undefined {
  const entries = state.walk.entries;
  const searching = (next: HistorySearch): PromptStep => ({ state: { ...state, search: next } });
  if (key.kind === "text" || key.kind === "paste") {
    return searching(extendSearch(search, entries, key.text.replace(/[\r\n]+/g, " ")));
  }
  if (key.kind === "ctrl" && key.char === "r") return searching(olderMatch(search, entries));
  if (isPlain(key, "backspace")) return searching(shortenSearch(search, entries));
  if (isPlain(key, "escape") || (key.kind === "ctrl" && key.char === "g")) {
    return { state: { ...state, buffer: search.original, search: undefined } };
  }
  if (isPlain(key, "return")) {
    return { state: { ...state, buffer: acceptedBuffer(search, entries), search: undefined } };
  }
  return undefined;
}

/** A key for the open `/` or `@` menu; undefined when the menu does not take it. */
function menuStep(
  state: PromptState,
  sources: CompletionSources,
  key: KeyPress,
): PromptStep | undefined {
  const menu = openMenu(state.buffer, state.menu, sources);
  if (!menu) return undefined;
  const outcome = menuKey(menu, state.buffer, key);
  const token = tokenKey(menu);
  switch (outcome.kind) {
    case "pass":
      return undefined;
    case "move":
      return { state: { ...state, menu: { token, selected: outcome.selected, dismissed: false } } };
    case "dismiss":
      return { state: { ...state, menu: { token, selected: 0, dismissed: true } } };
    case "pick": {
      const picked = { ...state, buffer: outcome.buffer, menu: NO_CHOICE };
      return outcome.submit ? submit(picked) : { state: picked };
    }
  }
}

/**
 * Applies a key to the prompt: Ctrl+R's search takes keys while it runs, then the open menu,
 * then the keys that act on the REPL (Esc, Ctrl+D/L/O/R/Y, a paste), then editing.
 */
export function promptKey(
  state: PromptState,
  key: KeyPress,
  sources: CompletionSources = NO_SOURCES,
): PromptStep {
  if (state.search) {
    const searched = searchKey(state, state.search, key);
    if (searched) return searched;
    const accepted = {
      ...state,
      buffer: acceptedBuffer(state.search, state.walk.entries),
      search: undefined,
    };
    return promptKey(accepted, key, sources);
  }
  return (
    menuStep(state, sources, key) ??
    commandKey(state, key) ??
    deletePlaceholder(state, key) ??
    applyEdit(state, editKey(state.buffer, key))
  );
}
