import type { PermissionAnswer } from "./interactive-permissions.js";
import type { KeyPress } from "./keys/key-press.js";
import { choiceAnswer, type PermissionChoice } from "./permission-choices.js";

/** What the permission dialog shows: the highlighted choice, the deny line's text, the scroll. */
export interface DialogState {
  selected: number;
  feedback: string;
  /** The first preview row shown. */
  offset: number;
}

/** The dialog as drawn now, for reading a key. */
export interface DialogFrame {
  choices: readonly PermissionChoice[];
  /** The preview's rows and how many show at once; undefined when it all fits. */
  scroll?: { rows: number; shown: number };
  /**
   * False for keys read with the dialog's first draw or within the guard time after it: such
   * keys were meant for the prompt, so they never answer (text goes to the prompt).
   */
  ready: boolean;
  /** True for a plan's approval when its file can be opened in the editor (Ctrl+G). */
  editable?: boolean;
}

/** What one key does to the dialog. */
export type DialogOutcome =
  | { kind: "state"; state: DialogState }
  | { kind: "answer"; answer: PermissionAnswer }
  /** Not the dialog's key: it goes to the prompt below (text typed while the dialog is open). */
  | { kind: "prompt"; key: KeyPress }
  /** Ctrl+G on a plan's approval: open the plan file in the editor (the dialog stays). */
  | { kind: "edit" }
  | { kind: "none" };

const NONE: DialogOutcome = { kind: "none" };

/** Keys one by one: characters read together are read as typed, one after the other. */
export function singleKeys(key: KeyPress): KeyPress[] {
  if (key.kind !== "text") return [key];
  return [...key.text].map((char) => ({ kind: "text", text: char }));
}

function scrolled(state: DialogState, frame: DialogFrame, by: number): DialogOutcome {
  if (!frame.scroll) return NONE;
  const last = Math.max(0, frame.scroll.rows - frame.scroll.shown);
  return {
    kind: "state",
    state: { ...state, offset: Math.min(last, Math.max(0, state.offset + by)) },
  };
}

/** ↑/↓ scroll a preview taller than the dialog (the choices are then picked by number), else move. */
function moved(state: DialogState, frame: DialogFrame, name: string): DialogOutcome {
  const page = Math.max(1, (frame.scroll?.shown ?? 1) - 1);
  if (name === "pageup") return scrolled(state, frame, -page);
  if (name === "pagedown") return scrolled(state, frame, page);
  const step = name === "up" ? -1 : 1;
  if (frame.scroll) return scrolled(state, frame, step);
  const selected = Math.min(frame.choices.length - 1, Math.max(0, state.selected + step));
  return { kind: "state", state: { ...state, selected } };
}

/** A named key: Esc, Enter, Shift+Tab, the arrows and pages, Backspace on the deny line. */
function namedKeyOutcome(
  state: DialogState,
  frame: DialogFrame,
  key: Extract<KeyPress, { kind: "key" }>,
): DialogOutcome {
  const onDeny = state.selected === frame.choices.length - 1;
  switch (key.name) {
    case "up":
    case "down":
    case "pageup":
    case "pagedown":
      return moved(state, frame, key.name);
    case "escape":
      return frame.ready ? { kind: "answer", answer: { kind: "deny", feedback: "" } } : NONE;
    case "return": {
      const choice = frame.choices[state.selected];
      return frame.ready && choice
        ? { kind: "answer", answer: choiceAnswer(choice, state.feedback) }
        : NONE;
    }
    case "tab": {
      const accept = frame.choices.some((choice) => choice.kind === "accept-edits");
      if (!key.mods.shift || !accept) return NONE;
      return frame.ready ? { kind: "answer", answer: { kind: "accept-edits" } } : NONE;
    }
    case "backspace":
    case "delete":
      if (!onDeny || !frame.ready) return { kind: "prompt", key };
      return { kind: "state", state: { ...state, feedback: state.feedback.slice(0, -1) } };
    default:
      return NONE;
  }
}

/**
 * A character: on the deny line it is feedback (a number on an empty one still picks); a
 * choice's number picks it; anything else is the prompt's.
 */
function textOutcome(state: DialogState, frame: DialogFrame, text: string): DialogOutcome {
  const key: KeyPress = { kind: "text", text };
  if (!frame.ready) return { kind: "prompt", key };
  const denyIndex = frame.choices.length - 1;
  const picked = /^[1-9]$/.test(text) ? frame.choices[Number(text) - 1] : undefined;
  // A number on an empty deny line still picks: the way back when ↑/↓ scroll the preview.
  if (state.selected === denyIndex && (state.feedback !== "" || !picked)) {
    return { kind: "state", state: { ...state, feedback: state.feedback + text } };
  }
  if (!picked) return { kind: "prompt", key };
  if (picked.kind === "deny") return { kind: "state", state: { ...state, selected: denyIndex } };
  return { kind: "answer", answer: choiceAnswer(picked, "") };
}

/**
 * What one key does to the permission dialog (a text key holds one character: see
 * singleKeys). Text and Backspace that are not the dialog's, and text typed before it is
 * ready, go to the prompt; before it is ready no key answers it.
 */
export function dialogKey(state: DialogState, frame: DialogFrame, key: KeyPress): DialogOutcome {
  switch (key.kind) {
    case "key":
      return namedKeyOutcome(state, frame, key);
    case "text":
      return textOutcome(state, frame, key.text);
    case "paste":
      if (frame.ready && state.selected === frame.choices.length - 1) {
        return { kind: "state", state: { ...state, feedback: state.feedback + key.text } };
      }
      return { kind: "prompt", key };
    case "ctrl":
      return key.char === "g" && frame.editable && frame.ready ? { kind: "edit" } : NONE;
    default:
      // Ctrl and Alt keys stay out of the prompt while the dialog is up (Ctrl+D would exit).
      return NONE;
  }
}
