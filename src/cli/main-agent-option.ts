import { homedir } from "node:os";
import { loadAgentDefinitions } from "../config/agent-definitions.js";
import { withInitialPrompt } from "../config/agent-initial-prompt.js";
import { findMainAgent, mainAgentOverrides } from "../config/agent-main-thread.js";
import type { CliIo } from "./io.js";
import type { CliOptions } from "./options.js";
import { UsageError } from "./usage-error.js";

/**
 * The options of a session whose main thread runs as an agent (`--agent`, else the settings'
 * `agent`): the agent's prompt becomes the system prompt, its initialPrompt goes before the
 * prompt given, its model and turn limit apply unless flags give them, and `mainAgent`
 * carries it to the tool set, which filters by it without looking it up again. Without an
 * agent the options are returned as they are; an unknown name stops the run with the agents
 * there are. `stateDir` is the session's keel folder, whose agents the session reads too.
 */
export async function withMainAgent(
  options: CliOptions,
  settingsAgent: string | undefined,
  io: Pick<CliIo, "cwd" | "env">,
  stateDir: string,
): Promise<CliOptions> {
  const name = options.agent ?? settingsAgent;
  if (name === undefined) return options;
  const home = io.env.HOME ?? homedir();
  const { definitions } = await loadAgentDefinitions(io.cwd, home, options.agents ?? [], stateDir);
  const origin = options.agent === undefined ? 'the "agent" setting' : "--agent";
  const found = findMainAgent(name, definitions, origin);
  if (!found.ok) throw new UsageError(found.problem);
  const mainAgent = found.definition;
  // Its initialPrompt goes first, before any prompt given (the REPL submits it at start).
  const prompt = withInitialPrompt(options.prompt, mainAgent);
  return { ...options, agent: name, mainAgent, prompt, ...mainAgentOverrides(mainAgent, options) };
}
