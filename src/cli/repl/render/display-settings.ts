import { createContext, useContext } from "react";
import type { FileIndex } from "../completion/file-index.js";

/** How the REPL draws the conversation, decided once at start-up. */
export interface DisplaySettings {
  /** Colours in rendered markdown (off with NO_COLOR or when stdout is not a terminal). */
  color: boolean;
  /** --verbose: thinking is shown in full, not collapsed. */
  verbose: boolean;
  /** The project's files for `@` completion; undefined: no completion. */
  files?: FileIndex;
  /** How long after a dialog's first draw keys do not answer it (default 300 ms). */
  dialogKeyGuardMs?: number;
}

/** Whether to colour: a terminal, and the person did not ask for no colour (no-color.org). */
export function colorWanted(
  env: Readonly<Record<string, string | undefined>>,
  isTTY: boolean,
): boolean {
  const noColor = env.NO_COLOR;
  return isTTY && (noColor === undefined || noColor === "");
}

const DEFAULT_SETTINGS: DisplaySettings = { color: true, verbose: false };

/** The REPL's display settings (render-app provides them; components read them). */
export const DisplaySettingsContext = createContext<DisplaySettings>(DEFAULT_SETTINGS);

/** The display settings of the REPL this component is drawn in. */
export function useDisplaySettings(): DisplaySettings {
  return useContext(DisplaySettingsContext);
}
