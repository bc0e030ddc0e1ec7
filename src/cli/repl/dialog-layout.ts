import { basename } from "node:path";
import type { ChangePreview } from "./change-preview.js";
import type { DialogState } from "./dialog-keys.js";
import type { PermissionQuestion } from "./interactive-permissions.js";
import type { PermissionChoice } from "./permission-choices.js";
import { type PreviewRow, previewRows } from "./preview-rows.js";
import { terminalSafe } from "./render/terminal-text.js";
import { textRows } from "./text-rows.js";

/** The rows the border and padding of the dialog's box take: two rows, four columns. */
const DIALOG_FRAME = { rows: 2, columns: 4 };

/** One choice as drawn: its rows (the first with "❯ n. "), highlighted or not. */
interface ChoiceRows {
  rows: string[];
  selected: boolean;
}

/** The permission dialog cut into rows that fit its room on screen. */
export interface DialogLayout {
  title: string;
  /** The file a Write or Edit changes. */
  path?: string;
  /** The preview rows shown now (all of them, or the scrolled window). */
  preview: PreviewRow[];
  /** "↑/↓ PgUp/PgDn scroll · lines 3–10 of 42" when the preview does not fit. */
  scrollHint?: string;
  /** Every preview row and how many show: the keys scroll within these. */
  scroll?: { rows: number; shown: number };
  /** The command's description, why the engine asks, and the question, each cut into rows. */
  notes: { description: string[]; message: string[]; question: string };
  choices: ChoiceRows[];
  /** The whole box's height in rows, border included. */
  height: number;
}

function titleOf(question: PermissionQuestion, preview: ChangePreview | undefined): string {
  const title = toolTitle(question, preview);
  // A teammate's call is the lead's to answer: the dialog says whose it is.
  return question.teammate === undefined ? title : `Teammate ${question.teammate} · ${title}`;
}

function toolTitle(question: PermissionQuestion, preview: ChangePreview | undefined): string {
  if (!preview) return question.summary;
  if (preview.kind === "command") return `${question.toolName} command`;
  return { create: "Create file", overwrite: "Overwrite file", edit: "Edit file" }[preview.action];
}

function questionOf(preview: ChangePreview | undefined): string {
  if (preview?.kind !== "file") return "Do you want to proceed?";
  const name = basename(preview.path);
  return {
    create: `Do you want to create ${name}?`,
    overwrite: `Do you want to overwrite ${name}?`,
    edit: `Do you want to make this edit to ${name}?`,
  }[preview.action];
}

function choiceRows(
  choices: readonly PermissionChoice[],
  state: DialogState,
  width: number,
): ChoiceRows[] {
  const denyIndex = choices.length - 1;
  return choices.map((choice, index) => {
    const selected = index === state.selected;
    const typed = index === denyIndex && state.feedback !== "" ? `: ${state.feedback}` : "";
    const lead = `${selected ? "❯" : " "} ${index + 1}. `;
    const rows = textRows(terminalSafe(choice.label + typed), width - lead.length).map(
      (row, at) => (at === 0 ? lead : " ".repeat(lead.length)) + row,
    );
    return { rows, selected };
  });
}

/** The preview rows kept on screen before the reason for asking is cut short. */
const MIN_PREVIEW_ROWS = 3;

/** At most `count` rows (never none), the last one marked when some were left out. */
function atMost(rows: string[], count: number): string[] {
  const kept = Math.max(1, count);
  if (rows.length <= kept) return rows;
  return [...rows.slice(0, kept - 1), `${rows[kept - 1] ?? ""}…`];
}

/** The preview's window: all of it when it fits in `room` rows, else `room - 1` rows and a hint. */
function previewWindow(all: PreviewRow[], room: number, offset: number) {
  if (all.length <= room) return { preview: all };
  const shown = Math.max(1, room - 1);
  const start = Math.min(offset, all.length - shown);
  const end = start + shown;
  return {
    preview: all.slice(start, end),
    scrollHint: `↑/↓ PgUp/PgDn scroll · lines ${start + 1}–${end} of ${all.length}`,
    scroll: { rows: all.length, shown },
  };
}

/**
 * Lays the dialog out at `columns` wide in at most `room` rows: everything but the preview is
 * drawn whole, and the preview takes the rows left (scrolling when it needs more), so the live
 * region stays shorter than the terminal (Ink clears the scrollback once it is not).
 */
export function dialogLayout(
  question: PermissionQuestion,
  choices: readonly PermissionChoice[],
  state: DialogState,
  size: { columns: number; room: number },
): DialogLayout {
  const width = Math.max(10, size.columns - DIALOG_FRAME.columns);
  const { preview } = question;
  const path = preview?.kind === "file" ? terminalSafe(preview.path) : undefined;
  const description =
    preview?.kind === "command" && preview.description
      ? textRows(terminalSafe(preview.description), width)
      : [];
  const drawn = choiceRows(choices, state, width);
  const all = preview ? previewRows(preview, width) : [];
  const others =
    DIALOG_FRAME.rows +
    1 +
    (path === undefined ? 0 : 1) +
    description.length +
    1 +
    drawn.reduce((sum, choice) => sum + choice.rows.length, 0);
  // Why it asks gives way before the preview's first rows do.
  const messageRoom = size.room - others - Math.min(all.length, MIN_PREVIEW_ROWS);
  const message = atMost(textRows(terminalSafe(question.message), width), messageRoom);
  const notes = { description, message, question: questionOf(preview) };
  const fixed = others + message.length;
  const window = previewWindow(all, Math.max(1, size.room - fixed), state.offset);
  const previewHeight = window.preview.length + (window.scrollHint ? 1 : 0);
  return {
    title: terminalSafe(titleOf(question, preview)),
    ...(path === undefined ? {} : { path }),
    ...window,
    notes,
    choices: drawn,
    height: fixed + previewHeight,
  };
}
