import { expandCommand } from "./command-args.js";
import type { UserCommand } from "./command-file.js";
import { readReferences, referenceText } from "./file-references.js";
import {
  type InlineEnding,
  inlineCommands,
  inlineOutput,
  inlineShellProblem,
  replaceInlineCommands,
  type StoppingRule,
} from "./inline-shell.js";
import type { ShellOutcome } from "./shell-escape.js";

/** What expanding a user command needs; injected so tests run it without a session. */
export interface CommandPromptDeps {
  cwd: string;
  home: string;
  /** Runs an inline command in the working folder (the `!cmd` shell); the signal kills it. */
  shell: (command: string, signal: AbortSignal) => Promise<ShellOutcome>;
  /** The session's deny and ask rules now. */
  stopping: () => readonly StoppingRule[];
  /** How long an inline command may run (the Bash tool's default timeout). */
  timeoutMs: number;
  /** Starts a timer that calls `fire` after `ms`; returns what cancels it. */
  setTimer: (ms: number, fire: () => void) => () => void;
}

/** The prompt a user command sends, or why nothing is sent. */
export type CommandPrompt = { ok: true; text: string } | { ok: false; problem: string };

type Ran = { outcome: ShellOutcome; ending: InlineEnding } | "interrupted";

/** Runs one inline command, killed when `signal` aborts (Esc) or its time is up. */
async function runTimed(deps: CommandPromptDeps, command: string, signal: AbortSignal) {
  if (signal.aborted) return "interrupted";
  const abort = new AbortController();
  let timedOut = false;
  const onAbort = () => abort.abort();
  signal.addEventListener("abort", onAbort, { once: true });
  const cancel = deps.setTimer(deps.timeoutMs, () => {
    timedOut = true;
    abort.abort();
  });
  try {
    const outcome = await deps.shell(command, abort.signal);
    if (timedOut) return { outcome, ending: "timed-out" } satisfies Ran;
    return outcome.interrupted ? "interrupted" : ({ outcome, ending: "exited" } satisfies Ran);
  } finally {
    cancel();
    signal.removeEventListener("abort", onAbort);
  }
}

/** Why the command's inline commands may not run (the first refused), or undefined. */
async function refusal(command: UserCommand, commands: readonly string[], deps: CommandPromptDeps) {
  const rules = {
    allowedTools: command.allowedTools ?? [],
    stopping: deps.stopping(),
    cwd: deps.cwd,
    home: deps.home,
  };
  for (const inline of commands) {
    const problem = await inlineShellProblem(inline, rules);
    if (problem) return `/${command.name} was not sent: ${problem} (${command.file}).`;
  }
  return undefined;
}

/**
 * Expands a user command as Claude Code does: `$ARGUMENTS`/`$1`… first; then every
 * !`command` runs (only if allowed-tools allows them all) and its output replaces it; then
 * each `@path` naming a readable file adds that file's content after the prompt.
 */
export async function commandPrompt(
  command: UserCommand,
  args: string,
  deps: CommandPromptDeps,
  signal: AbortSignal,
): Promise<CommandPrompt> {
  const expanded = expandCommand(command.body, args);
  const commands = inlineCommands(expanded);
  const problem = await refusal(command, commands, deps);
  if (problem) return { ok: false, problem };
  // Paths inside a command's output are the command's, not references.
  const files = await readReferences(
    replaceInlineCommands(expanded, () => ""),
    deps,
  );
  const outputs: string[] = [];
  for (const inline of commands) {
    const ran = await runTimed(deps, inline, signal);
    if (ran === "interrupted") {
      return {
        ok: false,
        problem: `/${command.name} was cancelled: !\`${inline}\` was interrupted. Nothing was sent.`,
      };
    }
    outputs.push(inlineOutput(ran.outcome, ran.ending, deps.timeoutMs));
  }
  let next = 0;
  const text = replaceInlineCommands(expanded, () => outputs[next++] ?? "");
  return { ok: true, text: [text, ...files.map(referenceText)].join("\n\n") };
}
