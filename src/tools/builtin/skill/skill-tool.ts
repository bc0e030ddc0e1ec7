import { randomUUID } from "node:crypto";
import { z } from "zod";
import { createUserMessage } from "../../../protocol/factories.js";
import type { ToolUseContext } from "../../context.js";
import type { Tool } from "../../tool.js";
import { type TurnOverrides, withTurnOverrides } from "../../turn-overrides.js";
import { type ForkExtras, forkedSkillResultText, runForkedSkill } from "./forked-skill.js";

/** The Skill tool's name (Claude Code's). */
const SKILL_TOOL_NAME = "Skill";

/** Claude Code's Skill input: the skill's name and its arguments as one string. */
const skillInputSchema = z.strictObject({
  skill: z.string().describe('The skill name. E.g., "commit", "review-pr", or "pdf"'),
  args: z.string().optional().describe("Optional arguments for the skill"),
});

type SkillInput = z.infer<typeof skillInputSchema>;

/**
 * What a call produced: an inline skill's instructions for the conversation, or a
 * `context: fork` skill's final result (its subagent's turns stay out of the conversation).
 */
type SkillOutput =
  | { kind: "inline"; skill: string; instructions: string }
  | { kind: "forked"; skill: string; agentType: string; result: string; isError: boolean };

/** A skill the model may start, as the tool sees it. */
interface InvocableSkill {
  name: string;
  /** True when it brings no allowed-tools and no !`command`s: it runs without asking. */
  safe: boolean;
  /** Set for a `context: fork` skill: the agent type its body runs in. */
  fork?: { agent: string };
  /** Its `model` and `effort`, in force for the rest of the turn once it is started. */
  overrides?: TurnOverrides;
}

/** A skill's expansion for one call, or why it cannot run. */
export type SkillExpansion =
  | { ok: true; text: string; allowedTools: readonly string[] }
  | { ok: false; problem: string };

/** What the Skill tool is given by the session (which skills exist, how they expand). */
export interface SkillToolDeps {
  /** The skill of that name the model may start (not `disable-model-invocation`), or undefined. */
  find(name: string): InvocableSkill | undefined;
  /** Why a name `find` does not give cannot be started, when the session has such a skill. */
  refusal?(name: string): string | undefined;
  /** Its instructions: arguments, ${CLAUDE_SKILL_DIR}, !`command` output (decided as Bash calls). */
  expand(name: string, args: string, signal: AbortSignal): Promise<SkillExpansion>;
  /** Puts its allowed-tools in force until the person's next prompt. */
  allow(rules: readonly string[], origin: string): void;
  /**
   * Puts an inline skill's hooks in force once it started: on the main conversation
   * (`agentId` undefined) for the rest of the session; started by a subagent, for the rest of
   * that subagent's run, through the change to its context this returns.
   */
  startHooks?(
    name: string,
    agentId: string | undefined,
  ): ((context: ToolUseContext) => ToolUseContext) | undefined;
  /** A forked skill's hooks (as its expansion checked them) and the folder's trust. */
  forkExtras?(name: string): ForkExtras;
}

const DESCRIPTION = `Execute a skill within the main conversation

When the user asks you to perform a task, check whether one of the available skills fits it. Skills bring specialised instructions and domain knowledge.

When the user refers to a "slash command" or "/<something>" (e.g. "/commit", "/review-pr"), they mean a skill: use this tool to run it.

How to invoke:
- Give the skill's name and, when it takes them, its arguments
- Examples:
  - \`skill: "pdf"\` - run the pdf skill
  - \`skill: "commit", args: "-m 'Fix bug'"\` - run it with arguments

Important:
- The available skills are listed in system-reminder messages in the conversation
- When a skill matches the request, invoke it before answering about the task in any other way
- Do not mention a skill without calling this tool
- Do not invoke a skill that is already running
- Do not use this tool for built-in CLI commands (/help, /clear, …)
- If a <command-name> tag is in the current turn, the skill is already loaded: follow its instructions instead of calling this tool again`;

type ContextChange = (context: ToolUseContext) => ToolUseContext;

/** The changes a started skill makes to the context, one after the other (none: undefined). */
function composed(...changes: Array<ContextChange | undefined>): ContextChange | undefined {
  const present = changes.filter((change) => change !== undefined);
  if (present.length === 0) return undefined;
  return (context) => present.reduce((current, change) => change(current), context);
}

/** The name as the model may write it: `/commit` means `commit`. */
function skillName(input: SkillInput): string {
  return input.skill.trim().replace(/^\//, "");
}

/**
 * Creates the Skill tool: it starts a skill by name, adding the skill's instructions to the
 * conversation after its result (as Claude Code does) and putting its allowed-tools in force.
 */
export function createSkillTool(deps: SkillToolDeps): Tool<SkillInput, SkillOutput> {
  return {
    name: SKILL_TOOL_NAME,
    description: DESCRIPTION,
    inputSchema: skillInputSchema,
    maxResultSizeChars: 100_000,
    isReadOnly: () => false,
    isConcurrencySafe: () => false,
    async validateInput(input) {
      const name = skillName(input);
      if (deps.find(name)) return { ok: true };
      return { ok: false, message: deps.refusal?.(name) ?? `Unknown skill: ${name}` };
    },
    async checkPermissions(input) {
      // A skill that widens no permissions and runs nothing itself is only text: no question.
      return deps.find(skillName(input))?.safe
        ? { behavior: "allow" }
        : { behavior: "passthrough" };
    },
    async call(input, context, onProgress) {
      const name = skillName(input);
      const expanded = await deps.expand(name, input.args ?? "", context.abortController.signal);
      if (!expanded.ok) throw new Error(expanded.problem);
      if (expanded.allowedTools.length > 0) {
        deps.allow(expanded.allowedTools, `skill ${name} allowed-tools (until the next prompt)`);
      }
      const { fork, overrides } = deps.find(name) ?? {};
      if (fork) {
        const start = {
          skill: name,
          agentType: fork.agent,
          prompt: expanded.text,
          ...deps.forkExtras?.(name),
        };
        const run = await runForkedSkill(start, context, onProgress);
        return { data: { kind: "forked", skill: name, ...run } };
      }
      const withHooks = deps.startHooks?.(name, context.agentId);
      const ids = { uuid: randomUUID, timestamp: () => new Date().toISOString() };
      const instructions = createUserMessage(expanded.text, ids, { isMeta: true });
      const modifier = composed(
        overrides && ((current: ToolUseContext) => withTurnOverrides(current, overrides)),
        withHooks,
      );
      return {
        data: { kind: "inline", skill: name, instructions: expanded.text },
        newMessages: [instructions],
        ...(modifier ? { contextModifier: modifier } : {}),
      };
    },
    mapToolResult: (output, toolUseId) => ({
      type: "tool_result",
      tool_use_id: toolUseId,
      content:
        output.kind === "forked"
          ? forkedSkillResultText(output.skill, output)
          : `Launching skill: ${output.skill}`,
      ...(output.kind === "forked" && output.isError ? { is_error: true } : {}),
    }),
  };
}
