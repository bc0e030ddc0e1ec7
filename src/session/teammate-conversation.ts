import type { QueryEvent } from "../loop/events.js";
import type { QueryParams } from "../loop/params.js";
import { query } from "../loop/query.js";
import { createUserMessage } from "../protocol/factories.js";
import type { Message } from "../protocol/messages.js";
import type { ToolUseContext } from "../tools/context.js";
import type {
  TeammateConversation,
  TeammateConversationFactory,
  TeammateConversationInput,
  TeammateTurnOutcome,
} from "../tools/teammates.js";
import { subagentContext, subagentModel } from "./subagent-context.js";
import { FinalTextTracker } from "./subagent-outcome.js";
import type { SidechainSink, SubagentRunnerDeps } from "./subagent-runner.js";
import { TurnObserver } from "./turn-observer.js";

/** Tools a teammate keeps whatever its definition lists: without them it cannot work in a team. */
const TEAM_TOOLS = new Set(["SendMessage", "TaskCreate", "TaskGet", "TaskList", "TaskUpdate"]);

/** Turns a teammate may take between two waits for work (Claude Code's subagent limit). */
const TEAMMATE_MAX_TURNS = 50;

const KEPT_TYPES = new Set(["user", "assistant", "attachment", "system"]);

function isKept(event: QueryEvent): event is Message {
  return KEPT_TYPES.has(event.type);
}

/**
 * A teammate's context: a subagent's (fresh file state, its own model and abort), its own
 * permission mode, its name on its requests, the team tools always, and nothing that spawns
 * teammates (teammates cannot have teammates).
 */
function teammateContext(
  input: TeammateConversationInput,
  model: string,
  abortController: AbortController,
): ToolUseContext {
  const { parentContext, definition } = input;
  const base = subagentContext(parentContext, {
    definition,
    agentId: input.agentId,
    model,
    abortController,
  });
  const {
    spawnTeammate: _noTeammates,
    openTeammateConversation: _noneEither,
    ...options
  } = base.options;
  const own = new Set(options.tools);
  const teamTools = parentContext.options.tools.filter(
    (tool) => TEAM_TOOLS.has(tool.name) && !own.has(tool),
  );
  const tools = [...options.tools, ...teamTools];
  return {
    ...base,
    options: { ...options, tools: input.adjustTools?.(tools) ?? tools },
    agentName: input.agentName,
    getAppState: () => ({ ...parentContext.getAppState(), permissionMode: input.permissionMode() }),
    setAppState: (update) => {
      const next = update({
        ...parentContext.getAppState(),
        permissionMode: input.permissionMode(),
      });
      input.setPermissionMode(next.permissionMode);
    },
  };
}

/** One teammate's conversation: its history grows turn by turn, each turn a query() loop. */
class Conversation implements TeammateConversation {
  private readonly history: Message[];
  private readonly context: ToolUseContext;
  private readonly sidechain: SidechainSink | undefined;
  private readonly model: string;

  constructor(
    private readonly deps: SubagentRunnerDeps,
    private readonly input: TeammateConversationInput,
    private readonly systemPrompt: string,
  ) {
    // A resumed teammate's history is already in its transcript: it is not written again.
    this.history = [...(input.history ?? [])];
    this.model = subagentModel(input.definition, input.parentContext.options.mainLoopModel);
    const abort = new AbortController();
    if (input.signal.aborted) abort.abort(input.signal.reason);
    else
      input.signal.addEventListener("abort", () => abort.abort(input.signal.reason), {
        once: true,
      });
    this.context = teammateContext(input, this.model, abort);
    this.sidechain = deps.sidechain?.(input.agentId, input.definition.name);
  }

  async runTurn(prompt: string): Promise<TeammateTurnOutcome> {
    const first = createUserMessage(prompt, this.deps.queryDeps.ids);
    this.keep(first);
    const added: Message[] = [first];
    const observer = new TurnObserver(this.deps.now);
    const finalText = new FinalTextTracker();
    const turn = query(this.params());
    let step = await turn.next();
    while (!step.done) {
      const event = step.value;
      observer.observe(event);
      finalText.observe(event);
      if (isKept(event)) {
        this.keep(event);
        added.push(event);
      }
      step = await turn.next();
    }
    observer.finish();
    return {
      text: finalText.text,
      apiError: observer.lastAssistant?.isApiErrorMessage === true,
      terminalReason: step.value.reason,
      messages: added,
      usage: observer.tracker.usage,
    };
  }

  close(): void {
    this.sidechain?.close();
  }

  private keep(message: Message): void {
    this.history.push(message);
    this.sidechain?.append(message);
    this.input.onMessage?.(message);
  }

  private params(): QueryParams {
    const { summarizeToolRound: _noSummaries, ...queryDeps } = this.deps.queryDeps;
    const { definition } = this.input;
    return {
      messages: [...this.history],
      systemPrompt: [this.systemPrompt, this.input.systemPromptAddendum, definition.prompt]
        .filter((part) => part.trim() !== "")
        .join("\n\n"),
      userContext: { ...this.deps.userContext, teamCoordination: this.input.teamReminder },
      toolUseContext: this.context,
      deps: queryDeps,
      maxOutputTokens: this.deps.maxOutputTokens(this.model),
      ...(this.deps.fallbackModel && this.deps.fallbackModel !== this.model
        ? { fallbackModel: this.deps.fallbackModel }
        : {}),
      maxTurns: definition.maxTurns ?? this.deps.maxTurns ?? TEAMMATE_MAX_TURNS,
      requestKind: "main",
    };
  }
}

/**
 * Teammates' conversations on a session's subagent dependencies: the session's system prompt,
 * then the teammate addendum, then the agent definition's own prompt (as Claude Code builds a
 * teammate's), and its transcript as a sidechain of the session.
 */
export function createTeammateConversations(
  deps: SubagentRunnerDeps,
  mainSystemPrompt: string,
): TeammateConversationFactory {
  return (input) => new Conversation(deps, input, mainSystemPrompt);
}
