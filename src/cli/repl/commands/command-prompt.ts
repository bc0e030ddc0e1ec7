import { expandCommand } from "./command-args.js";
import type { UserCommand } from "./command-file.js";
import type { ExpansionAllow, ExpansionDecider } from "./expansion-permissions.js";
import { type ReferenceCheck, readReferences, referenceText } from "./file-references.js";
import {
  type InlineEnding,
  inlineCommands,
  inlineOutput,
  inlineShellProblem,
  replaceInlineCommands,
} from "./inline-shell.js";
import type { ShellOutcome } from "./shell-escape.js";

/** What expanding a user command needs; injected so tests run it without a session. */
export interface CommandPromptDeps {
  cwd: string;
  home: string;
  /** Runs an inline command in the working folder (the `!cmd` shell); the signal kills it. */
  shell: (command: string, signal: AbortSignal) => Promise<ShellOutcome>;
  /** Decides an inline command (as a Bash call) or an `@file` (as a Read) now. */
  decide: ExpansionDecider;
  /** How long an inline command may run (the Bash tool's default timeout). */
  timeoutMs: number;
  /** Starts a timer that calls `fire` after `ms`; returns what cancels it. */
  setTimer: (ms: number, fire: () => void) => () => void;
  /** False when the person did not trust the folder: its commands' !`command`s do not run. */
  projectTrusted?: boolean;
  /** PreSkillShellCommand hooks, before each !`command` runs: why one stopped it, or nothing. */
  beforeShell?: (call: SkillShellCall) => Promise<string | undefined>;
}

/** Who started a command's expansion: the person (or an SDK host), the model, or neither. */
export type InvokedBy = "user" | "claude" | "other";

/** A !`command` about to run, as PreSkillShellCommand hooks see it. */
export interface SkillShellCall {
  command: string;
  commandName: string;
  commandSource: string;
  invokedBy: InvokedBy;
}

/** The prompt a user command sends, or why nothing is sent. */
export type CommandPrompt =
  /** `notices`: what the person should know (an `@file` a rule kept out); absent when none. */
  { ok: true; text: string; notices?: string[] } | { ok: false; problem: string };

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

/** The command's allowed-tools, as the turn rules they become. */
function allowOf(command: UserCommand): ExpansionAllow {
  return { rules: command.allowedTools ?? [], origin: `/${command.name} allowed-tools` };
}

/** Why the command's inline commands may not run (the first refused), or undefined. */
async function refusal(
  command: UserCommand,
  commands: readonly string[],
  deps: CommandPromptDeps,
  invokedBy: InvokedBy,
) {
  if (commands.length > 0 && deps.projectTrusted === false && command.scope.startsWith("project")) {
    return `/${command.name} was not sent: this folder is not trusted, so its commands' !\`command\` lines do not run (${command.file}).`;
  }
  const rules = { allow: allowOf(command), decide: deps.decide, cwd: deps.cwd, home: deps.home };
  for (const inline of commands) {
    const call = { command: inline, commandName: command.name, commandSource: command.scope };
    const stopped = await deps.beforeShell?.({ ...call, invokedBy });
    if (stopped !== undefined) {
      return `/${command.name} was not sent: !\`${inline}\` was stopped by a PreSkillShellCommand hook: ${stopped} (${command.file}).`;
    }
    const problem = await inlineShellProblem(inline, rules);
    if (problem) return `/${command.name} was not sent: ${problem} (${command.file}).`;
  }
  return undefined;
}

/** Checks an `@file` as a Read of it: a deny, or a Read that would ask, keeps it out. */
function referenceCheck(command: UserCommand, deps: CommandPromptDeps): ReferenceCheck {
  return async (written, path) => {
    const verdict = await deps.decide({ tool: "Read", path }, allowOf(command));
    if (verdict.behavior === "allow") return undefined;
    const why =
      verdict.rule !== undefined
        ? `the ${verdict.behavior} rule ${verdict.rule} covers it`
        : verdict.behavior === "ask"
          ? `reading it needs approval, and nobody can be asked while a command expands (${verdict.message})`
          : verdict.message;
    return `/${command.name}: @${written} was left as written, not read: ${why}.`;
  };
}

/**
 * Expands a user command as Claude Code does: `$ARGUMENTS`/`$0`… first; then every
 * !`command` runs (only if allowed-tools allows them all) and its output replaces it; then
 * each `@path` naming a readable file adds that file's content after the prompt.
 */
export async function commandPrompt(
  command: UserCommand,
  args: string,
  deps: CommandPromptDeps,
  signal: AbortSignal,
  invokedBy: InvokedBy = "user",
): Promise<CommandPrompt> {
  const expanded = expandCommand(command.body, args);
  const commands = inlineCommands(expanded);
  const problem = await refusal(command, commands, deps, invokedBy);
  if (problem) return { ok: false, problem };
  // Paths inside a command's output are the command's, not references.
  const references = await readReferences(
    replaceInlineCommands(expanded, () => ""),
    deps,
    referenceCheck(command, deps),
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
  const prompt = [text, ...references.files.map(referenceText)].join("\n\n");
  const notices = references.refused;
  return notices.length > 0 ? { ok: true, text: prompt, notices } : { ok: true, text: prompt };
}
