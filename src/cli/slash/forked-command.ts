import { randomUUID } from "node:crypto";
import type { TurnRules } from "../../policy/engine.js";
import type { SdkMessage } from "../../session/sdk-messages.js";
import {
  type ForkExtras,
  type ForkedSkillRun,
  runForkedSkill,
} from "../../tools/builtin/skill/forked-skill.js";
import type { ToolUseContext } from "../../tools/context.js";
import type { CliSession } from "../cli-session-types.js";
import { localResult } from "./headless-builtins.js";
import { refusedResult } from "./refused-result.js";

/** A typed `/name` of a `context: fork` skill, expanded: what its subagent is given. */
export interface ForkedCommand {
  name: string;
  args: string;
  /** The agent type it runs in (`agent:`, general-purpose by default). */
  agent: string;
  /** The skill's expanded body: the subagent's one prompt. */
  prompt: string;
  /** Its allowed-tools, in force while it runs. */
  rules?: TurnRules;
  /** The skill's own hooks (checked), and the folder's trust, for its subagent's run. */
  extras?: ForkExtras;
}

/** The command with what its subagent runs with: the skill's hooks, the folder's trust. */
export function withForkExtras(
  command: ForkedCommand,
  slash: { forkExtras(name: string): ForkExtras },
): ForkedCommand {
  return { ...command, extras: slash.forkExtras(command.name) };
}

/** What runs a forked command: the engine's turn context, and the conversation it adds to. */
interface ForkEngine {
  withTurnContext<T>(work: (context: ToolUseContext) => Promise<T>): Promise<T>;
  addUserMessages(texts: readonly string[]): void;
  /** Stops the running work (the REPL's Esc). */
  interrupt(): void;
}

/**
 * The messages a forked `/name` leaves in the conversation, as Claude Code records a command
 * and its output: the command line, then only the subagent's final text.
 */
function forkedCommandRecord(command: ForkedCommand, run: ForkedSkillRun): string[] {
  return [
    `<command-name>/${command.name}</command-name>\n<command-args>${command.args}</command-args>`,
    `<local-command-stdout>${run.result}</local-command-stdout>`,
  ];
}

/**
 * Runs a forked `/name` between turns: its subagent gets the body in a fresh context, and the
 * conversation keeps only the command and the final result (the model is not asked after it).
 */
export async function runForkedCommand(
  engine: ForkEngine,
  command: ForkedCommand,
  signal?: AbortSignal,
): Promise<ForkedSkillRun> {
  const start = {
    skill: command.name,
    agentType: command.agent,
    prompt: command.prompt,
    ...command.extras,
  };
  const stop = () => engine.interrupt();
  signal?.addEventListener("abort", stop, { once: true });
  try {
    const run = await engine.withTurnContext((context) =>
      runForkedSkill(start, {
        ...context,
        toolUseId: `skill_${randomUUID()}`,
        signal: context.abortController.signal,
      }),
    );
    engine.addUserMessages(forkedCommandRecord(command, run));
    return run;
  } finally {
    signal?.removeEventListener("abort", stop);
    command.rules?.remove();
  }
}

/** keel -p's turn for a forked `/name`: system/init, then its final text as the result. */
export async function* forkedCommandTurn(
  session: CliSession,
  command: ForkedCommand,
): AsyncGenerator<SdkMessage, void, undefined> {
  const startedAt = Date.now();
  yield session.engine.systemInit();
  const sessionId = session.engine.sessionId;
  let run: ForkedSkillRun;
  try {
    run = await runForkedCommand(session.engine, command);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    yield refusedResult(`/${command.name} failed: ${why}`, sessionId);
    return;
  }
  const done = localResult(run.result, session, startedAt);
  yield run.isError
    ? { ...done, subtype: "error_during_execution", is_error: true, errors: [run.result] }
    : done;
}
