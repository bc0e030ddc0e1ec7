/**
 * Bracketed paste mode: while it is on, the terminal sends pasted text between `ESC [200~` and
 * `ESC [201~` (key-reader.ts), so a paste's line breaks are not taken for Enter.
 */
export const BRACKETED_PASTE_ON = "\u001b[?2004h";
export const BRACKETED_PASTE_OFF = "\u001b[?2004l";

/** Where the mode is switched: the terminal's output. */
export interface PasteModeOutput {
  isTTY?: boolean;
  write(data: string): unknown;
}

/** Turns bracketed paste mode on or off on `output`, when it is a terminal. */
export function setBracketedPaste(output: PasteModeOutput, on: boolean): void {
  if (output.isTTY === true) output.write(on ? BRACKETED_PASTE_ON : BRACKETED_PASTE_OFF);
}
