import { errorText } from "../error-text.js";
import type { UserCommand } from "./command-file.js";
import type { ReplHost } from "./host.js";
import { allowForTurn, type PromptTurn, type TurnAllow } from "./user-command-turn.js";

/** A `context: fork` skill typed as `/name`, expanded: its body, agent and allowed-tools. */
interface ForkedSkillCall {
  skill: UserCommand;
  fork: { agent: string };
  args: string;
  prompt: string;
  allow: TurnAllow | undefined;
}

/**
 * Runs a forked skill's `/name` in the REPL as busy work (Esc stops it): its subagent works in
 * a fresh context, and the person sees, and the conversation keeps, only its final result.
 */
export async function forkedSkillTurn(host: ReplHost, call: ForkedSkillCall): Promise<PromptTurn> {
  const name = call.skill.name;
  const run = host.activeSession.runForkedCommand;
  if (!run) return { notice: `/${name} runs in a subagent, which this session cannot start.` };
  let outcome: PromptTurn = { notice: `/${name} was cancelled.` };
  await host.runBusy(async (signal) => {
    const rules = allowForTurn(host, call.allow);
    const command = { name, args: call.args.trim(), agent: call.fork.agent, prompt: call.prompt };
    try {
      const done = await run({ ...command, ...(rules ? { rules } : {}) }, signal);
      outcome = done.isError
        ? { notice: `/${name} failed: ${done.result}` }
        : { notice: done.result, tone: "info" };
    } catch (error) {
      rules?.remove();
      outcome = { notice: `/${name} failed: ${errorText(error)}` };
    }
  });
  return outcome;
}
