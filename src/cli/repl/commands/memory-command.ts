import { errorText } from "../error-text.js";
import { autoMemoryLine, runAutoMemory } from "./auto-memory-command.js";
import type { AutoMemoryView } from "./auto-memory-view.js";
import type { ReplHost } from "./host.js";
import { showMemory } from "./info-commands.js";
import type { MemoryRow } from "./memory.js";
import { type MemoryChoice, memoryChoices, shownPath } from "./memory-choices.js";

async function loadedRows(host: ReplHost): Promise<MemoryRow[]> {
  try {
    return (await host.activeSession.memory?.()) ?? [];
  } catch (error) {
    host.notice(`Could not read the memory files: ${errorText(error)}`, "error");
    return [];
  }
}

/** Opens the chosen file; the next turn reads the memory files again, edited or not. */
async function edit(host: ReplHost, choice: MemoryChoice, home: string): Promise<void> {
  const session = host.activeSession;
  const shown = shownPath(choice.path, host.cwd, home);
  let outcome: Awaited<ReturnType<NonNullable<typeof session.editFile>>> | undefined;
  try {
    outcome = await session.editFile?.(choice.path);
  } catch (error) {
    host.notice(`Could not open ${shown}: ${errorText(error)}`, "error");
    return;
  }
  session.engine.reloadContext?.();
  if (!outcome) return;
  if (!outcome.ok) {
    host.notice(`${shown}: ${outcome.problem}. The memory is re-read for the next turn.`, "error");
    return;
  }
  host.notice(
    `Edited ${shown} with ${outcome.editor} (set $VISUAL or $EDITOR to change it). The memory is re-read for the next turn.`,
  );
}

/** The picker's last row, as Claude Code's /memory has it: auto memory on or off, switched by Enter. */
function autoMemoryToggle(view: AutoMemoryView | undefined) {
  if (!view) return undefined;
  const on = view.dir() !== undefined;
  return {
    option: {
      label: `Auto memory: ${on ? "on" : "off"}`,
      detail: `Enter turns it ${on ? "off" : "on"} (saved as autoMemoryEnabled)`,
    },
    args: on ? "off" : "on",
  };
}

/**
 * `/memory`: a picker of the project's and the user's CLAUDE.md and the memory files loaded;
 * the chosen one opens in $VISUAL / $EDITOR (else vi) with the terminal handed over, and the
 * next turn reads the memory again. `/memory list` lists the loaded files instead. Refused
 * while a turn runs (the editor holds the terminal, and the process, until it exits). Each
 * answer also says whether auto memory is on; `/memory auto [on|off]` is about it alone.
 */
export async function startMemory(host: ReplHost, args: string): Promise<void> {
  const session = host.activeSession;
  if (args === "auto" || args.startsWith("auto ")) return runAutoMemory(host, args.slice(4).trim());
  const autoLine = autoMemoryLine(session.autoMemory?.dir());
  if (args === "list" || (args === "" && (!session.editFile || session.home === undefined))) {
    await showMemory(host);
    return host.notice(autoLine);
  }
  if (args !== "") {
    host.notice("Usage: /memory (pick a file to edit) or /memory list", "error");
    return;
  }
  if (host.isBusy()) {
    host.notice("A turn is running: press Esc to end it before /memory.", "error");
    return;
  }
  host.notice(autoLine);
  const home = session.home ?? "";
  const choices = memoryChoices({ cwd: host.cwd, home }, await loadedRows(host));
  const toggle = autoMemoryToggle(session.autoMemory);
  host.pick(
    "Open which memory file in the editor?",
    [
      ...choices.map(({ label, detail }) => ({ label, detail })),
      ...(toggle ? [toggle.option] : []),
    ],
    (index) => {
      if (toggle && index === choices.length) return runAutoMemory(host, toggle.args);
      const choice = choices[index];
      return choice ? host.exclusive("/memory", () => edit(host, choice, home)) : undefined;
    },
  );
}
