/** Columns the prompt's box takes besides its text: the border and the padding. */
const PROMPT_FRAME_COLUMNS = 4;

/**
 * Rows the permission dialog may take: the terminal's height less the row Ink leaves the
 * cursor on, the prompt box under the dialog (its text wrapped at the terminal's width, and
 * its border) and the status lines under that. The live area above gives way (LiveRegion).
 */
export function dialogRoom(
  size: { rows: number; columns: number },
  promptText: string,
  statusRows: number,
): number {
  const width = Math.max(1, size.columns - PROMPT_FRAME_COLUMNS);
  const textRows = promptText
    .split("\n")
    .reduce((sum, line) => sum + Math.max(1, Math.ceil(([...line].length + 2) / width)), 0);
  return Math.max(1, size.rows - 1 - (textRows + 2) - statusRows);
}
