import { render } from "ink";
import { App } from "./app.js";
import { setBracketedPaste } from "./keys/bracketed-paste.js";
import { type DisplaySettings, DisplaySettingsContext } from "./render/display-settings.js";
import { type InkStreams, inkStreams } from "./render/ink-stdout.js";
import { loadMarkdown } from "./render/markdown-loader.js";
import { followScreenResets } from "./render/screen-resets.js";
import type { ReplController } from "./repl-controller.js";
import type { StatusLineView } from "./status-line/start-status-line.js";

// The markdown renderer loads while the session opens; a failure leaves text plain.
const markdownReady = loadMarkdown().catch(() => undefined);

/** Where the REPL draws and reads keys. */
export type ReplTerminal = InkStreams;

/** Draws the REPL until the controller exits; returns the exit code. */
export async function renderApp(
  controller: ReplController,
  terminal: ReplTerminal,
  history: readonly string[],
  now: () => number,
  display: DisplaySettings = { color: terminal.stdout.isTTY === true, verbose: false },
  statusLine?: StatusLineView,
): Promise<number> {
  // Raw mode before the first frame: Ink turns it on only after its first render, and keys
  // typed in between would reach it cooked (an Enter as a newline in the prompt, not a submit).
  if (terminal.stdin.isTTY) terminal.stdin.setRawMode(true);
  // Finished text is drawn once (Ink's Static): markdown must be ready before the first frame.
  await markdownReady;
  const app = (
    <DisplaySettingsContext.Provider value={display}>
      <App
        controller={controller}
        history={history}
        now={now}
        {...(statusLine ? { statusLine } : {})}
      />
    </DisplaySettingsContext.Provider>
  );
  // Ink draws through InkStdout: it never clears the scrollback, and its erases stay true when
  // a resize rewraps the terminal's lines (ink-stdout.ts).
  const { streams, screen } = inkStreams(terminal);
  let instance: ReturnType<typeof render> | undefined;
  const stopResets = followScreenResets(controller.store, screen, () => instance?.clear());
  instance = render(app, {
    ...streams,
    // Ctrl+C is the App's: once clears or interrupts, twice exits.
    exitOnCtrlC: false,
    patchConsole: false,
  });
  // Pastes come marked while the REPL runs (a pasted line break is not Enter); off on the way out.
  setBracketedPaste(terminal.stdout, true);
  const code = await controller.exited;
  instance.unmount();
  await instance.waitUntilExit();
  stopResets();
  screen.destroy();
  setBracketedPaste(terminal.stdout, false);
  return code;
}
