import { join } from "node:path";
import { agentMarkdown } from "../../../config/agent-markdown.js";
import type { GeneratedAgentAnswer } from "../../agent-generator.js";
import { errorText } from "../error-text.js";
import { type AgentFileParts, editAndReload, shownAgentPath } from "./agent-file-session.js";
import { agentsFolder, writeNewAgentFile } from "./agent-files.js";
import type { ReplHost } from "./host.js";

/** Asks the model for the agent with the spinner on (Esc stops it); undefined when stopped. */
async function askModel(
  host: ReplHost,
  generate: NonNullable<ReplHost["activeSession"]["generateAgent"]>,
  request: Parameters<typeof generate>[0],
): Promise<GeneratedAgentAnswer | undefined> {
  let answer: GeneratedAgentAnswer | undefined;
  await host.runBusy(async (signal) => {
    try {
      answer = await generate(request, signal);
    } catch (error) {
      answer = signal.aborted ? undefined : { ok: false, problem: errorText(error) };
    }
  });
  return answer;
}

/**
 * `/agents generate <description>` (Claude Code's "Generate with Claude"): one side request
 * asks the session's model for `{identifier, whenToUse, systemPrompt}`; the answer, checked,
 * becomes a new project agent file, opened in the editor; the Agent tool sees it at once.
 */
export async function runAgentGenerate(
  host: ReplHost,
  parts: AgentFileParts,
  description: string,
): Promise<void> {
  const generate = host.activeSession.generateAgent;
  if (!generate) return host.notice("/agents generate is not available in this session.", "error");
  if (host.isBusy()) {
    return host.notice("A turn is running: press Esc to end it before /agents generate.", "error");
  }
  // The session's agents include the built-in ones.
  const taken = parts.agents().map((agent) => agent.name);
  const answer = await askModel(host, generate, { description, existingNames: taken });
  if (!answer) return host.notice("/agents generate: stopped; nothing was written.", "error");
  if (!answer.ok) {
    return host.notice(
      `/agents generate: the model's answer cannot be used: ${answer.problem}.`,
      "error",
    );
  }
  const { identifier, whenToUse, systemPrompt } = answer.agent;
  if (taken.includes(identifier)) {
    // A new project file of that name would silently take the place of an agent the session has.
    return host.notice(
      `/agents generate: the model named it ${identifier}, the name of an agent this session has; nothing was written.`,
      "error",
    );
  }
  const path = join(agentsFolder("project", parts.places), `${identifier}.md`);
  const text = agentMarkdown({ name: identifier, description: whenToUse, prompt: systemPrompt });
  if (!(await writeNewAgentFile(path, text))) {
    const shown = shownAgentPath(parts, path);
    return host.notice(`/agents generate: ${shown} exists already; nothing was written.`, "error");
  }
  await host.exclusive("/agents generate", () => editAndReload(host, parts, path, "Generated"));
}
