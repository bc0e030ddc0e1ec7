/** A paste collapsed in the prompt: the placeholder shown and the text it stands for. */
export interface PastedText {
  placeholder: string;
  text: string;
}

/** The pastes of the prompt being typed; ids count from 1 for each prompt. */
export interface Pastes {
  next: number;
  items: readonly PastedText[];
}

/** A prompt with nothing pasted. */
export const NO_PASTES: Pastes = { next: 1, items: [] };

/** A paste of this many lines or more is collapsed to a placeholder… */
export const COLLAPSE_MIN_LINES = 3;
/** …and so is one of this many characters or more. */
export const COLLAPSE_MIN_CHARS = 800;

/** Pasted text with its line breaks as `\n` (terminals send Enter's `\r`). */
export function normalisePaste(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}

/** `[Pasted text #2 +41 lines]`: N counts the line breaks, as Claude Code counts them. */
export function placeholderFor(id: number, text: string): string {
  const breaks = text.split("\n").length - 1;
  return breaks === 0 ? `[Pasted text #${id}]` : `[Pasted text #${id} +${breaks} lines]`;
}

function shownInline(text: string): string {
  // Tabs become spaces (the prompt draws no tab stops); other control characters are dropped.
  return [...text.replaceAll("\t", "    ")]
    .filter((c) => c === "\n" || (c >= " " && c !== "\u007f"))
    .join("");
}

/**
 * What a paste puts into the prompt: a short one its text, a long one a placeholder (kept in
 * `pastes` to be expanded when the prompt is sent).
 */
export function addPaste(pastes: Pastes, raw: string): { pastes: Pastes; inserted: string } {
  const text = normalisePaste(raw);
  const lines = text.replace(/\n$/, "").split("\n").length;
  if (lines < COLLAPSE_MIN_LINES && text.length < COLLAPSE_MIN_CHARS) {
    return { pastes, inserted: shownInline(text) };
  }
  const placeholder = placeholderFor(pastes.next, text);
  return {
    pastes: { next: pastes.next + 1, items: [...pastes.items, { placeholder, text }] },
    inserted: placeholder,
  };
}

/** The prompt as sent: each placeholder still in it replaced by its pasted text. */
export function expandPastes(text: string, pastes: Pastes): string {
  // split/join, not replace: a paste holding `$'` or `$&` must go through as it is.
  return pastes.items.reduce((out, paste) => out.split(paste.placeholder).join(paste.text), text);
}

/** The placeholder that ends (`side` "before") or starts ("after") at the cursor, if any. */
export function placeholderAt(
  text: string,
  cursor: number,
  pastes: Pastes,
  side: "before" | "after",
): { start: number; end: number } | undefined {
  for (const { placeholder } of pastes.items) {
    const start = side === "before" ? cursor - placeholder.length : cursor;
    if (start >= 0 && text.startsWith(placeholder, start)) {
      return { start, end: start + placeholder.length };
    }
  }
  return undefined;
}
