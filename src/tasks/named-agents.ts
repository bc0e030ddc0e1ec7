import type { Message } from "../protocol/messages.js";
import type { BackgroundAgentRequest } from "../tools/builtin/agent/background.js";

/** Where a named agent is: running (messages wait in its inbox) or finished (its conversation kept). */
type NamedAgentState =
  | { kind: "running"; taskId: string; inbox: string[] }
  | { kind: "finished"; history: readonly Message[]; endedAs: string };

interface NamedAgent {
  request: BackgroundAgentRequest;
  state: NamedAgentState;
  /** The conversation of its latest run, as that run last told it. */
  history: readonly Message[];
}

/** What a message to a named agent did: waited for its next turn boundary, or started it again. */
type NamedAgentRoute =
  | { routing: "queued" }
  | {
      routing: "resumed";
      endedAs: string;
      request: BackgroundAgentRequest;
      history: readonly Message[];
    };

/**
 * The session's named background agents (an Agent call with `name`) by name, so SendMessage can
 * continue one. A newer agent given a name in use takes the name; the older run's end is then
 * ignored here. Pure bookkeeping: starting runs is the caller's (BackgroundAgents).
 */
export class NamedAgents {
  private readonly agents = new Map<string, NamedAgent>();

  /**
   * A run of `name` started as task `taskId`: a new agent (no history; it takes the name over
   * from any earlier one), or a resumed one with the conversation it continues.
   */
  started(
    name: string,
    taskId: string,
    request: BackgroundAgentRequest,
    history: readonly Message[] = [],
  ): void {
    this.agents.set(name, { request, history, state: { kind: "running", taskId, inbox: [] } });
  }

  /** The messages sent to `name` since the last drain (its run takes them at a tool boundary). */
  drain(name: string, taskId: string): string[] {
    const state = this.current(name, taskId);
    return state ? state.inbox.splice(0) : [];
  }

  /** The conversation the run of `taskId` ended with. */
  remember(name: string, taskId: string, history: readonly Message[]): void {
    const agent = this.agents.get(name);
    if (agent && this.current(name, taskId)) agent.history = history;
  }

  /**
   * The run of `taskId` ended as `endedAs` (its task status). Messages it never took are
   * returned (the caller resumes the agent with them); the agent is now finished.
   */
  ended(name: string, taskId: string, endedAs: string): string[] {
    const agent = this.agents.get(name);
    const state = this.current(name, taskId);
    if (!agent || !state) return [];
    agent.state = { kind: "finished", history: agent.history, endedAs };
    return state.inbox.splice(0);
  }

  /** Queues `message` for a running agent; a finished one is to be resumed; unknown: undefined. */
  route(name: string, message: string): NamedAgentRoute | undefined {
    const agent = this.agents.get(name);
    if (!agent) return undefined;
    if (agent.state.kind === "running") {
      agent.state.inbox.push(message);
      return { routing: "queued" };
    }
    const { history, endedAs } = agent.state;
    return { routing: "resumed", endedAs, request: agent.request, history };
  }

  /** The state of `name`, when an agent has that name. */
  stateOf(name: string): NamedAgentState | undefined {
    return this.agents.get(name)?.state;
  }

  private current(name: string, taskId: string): { inbox: string[] } | undefined {
    const state = this.agents.get(name)?.state;
    return state?.kind === "running" && state.taskId === taskId ? state : undefined;
  }
}
