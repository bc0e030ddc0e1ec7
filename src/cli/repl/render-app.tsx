import { render } from "ink";
import { App } from "./app.js";
import type { ReplController } from "./repl-controller.js";

/** Where the REPL draws and reads keys. */
export interface ReplTerminal {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
}

/** Draws the REPL until the controller exits; returns the exit code. */
export async function renderApp(
  controller: ReplController,
  terminal: ReplTerminal,
  history: readonly string[],
  now: () => number,
): Promise<number> {
  // Raw mode before the first frame: Ink turns it on only after its first render, and keys
  // typed in between would reach it cooked (an Enter as a newline in the prompt, not a submit).
  if (terminal.stdin.isTTY) terminal.stdin.setRawMode(true);
  const instance = render(<App controller={controller} history={history} now={now} />, {
    ...terminal,
    // Ctrl+C is the App's: once clears or interrupts, twice exits.
    exitOnCtrlC: false,
    patchConsole: false,
  });
  const code = await controller.exited;
  instance.unmount();
  await instance.waitUntilExit();
  return code;
}
