import type { Message } from "../protocol/messages.js";
import type {
  BackgroundAgentHandle,
  BackgroundAgentRequest,
} from "../tools/builtin/agent/background.js";
import type { NamedAgentRouting } from "../tools/builtin/send-message/send-message-tool.js";
import type { AgentContinuation, AgentProgress, SubagentRunResult } from "../tools/subagent.js";
import { NamedAgents } from "./named-agents.js";
import { runRecorded } from "./recorded-run.js";
import { newAgentTaskId } from "./task-id.js";
import type { EndedStatusRecord, TaskMeta } from "./task-meta.js";
import type { TaskStore } from "./task-store.js";

/** Whose agents these are and how they are watched. */
export interface BackgroundAgentsOptions {
  sessionId: string;
  cwd: string;
  /** How often a running agent checks whether `keel kill` asked it to stop (default 250 ms). */
  killCheckMs?: number;
  newId?: () => string;
  onError?: (error: unknown) => void;
  /**
   * Told of each agent's end once it is recorded; the agent counts as running until this
   * settles, so whoever waits for the agents also waits for what their ends set off.
   */
  onEnded?: (task: TaskMeta & EndedStatusRecord) => Promise<void>;
}

/** A named agent's run that continues its earlier conversation with a message. */
interface Resumption {
  history: readonly Message[];
  message: string;
}

/** A progress message as a stream-json line, the same shape `keel -p` writes. */
export function progressLine(progress: AgentProgress, sessionId: string): string {
  const { message } = progress;
  return `${JSON.stringify({ type: message.type, message: message.message, session_id: sessionId })}\n`;
}

function resultLine(result: SubagentRunResult, sessionId: string): string {
  const line = {
    type: "result",
    subtype: result.isError ? "error_during_execution" : "success",
    is_error: result.isError,
    num_turns: result.turns,
    result: result.text,
    session_id: sessionId,
  };
  return `${JSON.stringify(line)}\n`;
}

/**
 * The subagents a session runs in the background (Agent with run_in_background): each is a
 * task in the store, owned by this process, its messages written to output.log as stream-json.
 * A `keel kill` from elsewhere is seen within `killCheckMs`; `dispose()` stops them all.
 */
export class BackgroundAgents {
  private readonly running = new Map<string, { abort: AbortController; done: Promise<void> }>();
  private readonly named = new NamedAgents();
  private closed = false;

  constructor(
    private readonly store: TaskStore,
    private readonly options: BackgroundAgentsOptions,
  ) {}

  /** The launcher the Agent tool takes (`launchBackground`). */
  readonly launch = (request: BackgroundAgentRequest): Promise<BackgroundAgentHandle> =>
    this.start(request);

  /**
   * SendMessage's `routeToNamedAgent`: a running named agent gets the message at its next tool
   * boundary; a finished one is resumed in the background with it as a new turn (a new task,
   * told at its end like any background agent). Undefined when no agent has the name.
   */
  readonly routeToNamedAgent = async (
    name: string,
    message: string,
  ): Promise<NamedAgentRouting | undefined> => {
    if (this.closed) return undefined;
    const route = this.named.route(name, message);
    if (route?.routing !== "resumed") return route;
    await this.start(route.request, { history: route.history, message });
    return { routing: "resumed", endedAs: route.endedAs };
  };

  /** Registers the task and starts the subagent (or resumes a named one) without waiting for it. */
  async start(
    request: BackgroundAgentRequest,
    resumption?: Resumption,
  ): Promise<BackgroundAgentHandle> {
    const id = (this.options.newId ?? newAgentTaskId)();
    // Before any wait: a second message sent meanwhile is queued, not a second resumption.
    if (request.name !== undefined) {
      this.named.started(request.name, id, request, resumption?.history);
    }
    const own = this.store.processes.startTime(process.pid);
    const task: TaskMeta = {
      id,
      kind: "local_agent",
      prompt: resumption?.message ?? request.prompt,
      // A named agent is shown by its name wherever its task is (keel ps, the REPL, notices).
      description: request.name ? `${request.name}: ${request.description}` : request.description,
      cwd: this.options.cwd,
      sessionId: this.options.sessionId,
      pid: process.pid,
      ...(own === undefined ? {} : { pidStartTime: own }),
      startedAt: this.store.time(),
      status: "running",
    };
    const paths = await this.store.create(task);
    const abort = new AbortController();
    const done = this.run(task, request, abort, resumption)
      .catch((error) => this.options.onError?.(error))
      .finally(() => this.running.delete(id));
    this.running.set(id, { abort, done });
    return { taskId: id, outputFile: paths.output };
  }

  /**
   * Counts other background work of the session (a workflow run) with its agents: `keel -p`
   * waits for it as for them, and `dispose()` stops it.
   */
  hold(id: string, work: { abort: AbortController; done: Promise<void> }): void {
    const done = work.done.finally(() => this.running.delete(id));
    this.running.set(id, { abort: work.abort, done });
  }

  /** How many agents run now. */
  get runningCount(): number {
    return this.running.size;
  }

  /** Settles once no agent runs (at once when none does), their ends told to `onEnded`. */
  async whenNoneRunning(): Promise<void> {
    while (this.running.size > 0) {
      await Promise.all([...this.running.values()].map((entry) => entry.done));
    }
  }

  /** Stops every agent still running; settles once their ends are recorded. */
  async dispose(): Promise<void> {
    this.closed = true;
    const all = [...this.running.values()];
    for (const entry of all) entry.abort.abort(new Error("the session ended"));
    await Promise.all(all.map((entry) => entry.done));
  }

  private async run(
    task: TaskMeta,
    request: BackgroundAgentRequest,
    abort: AbortController,
    resumption: Resumption | undefined,
  ): Promise<void> {
    await runRecorded(this.store, task, abort, this.options, async (write) => {
      const onProgress = (p: AgentProgress) => write(progressLine(p, this.options.sessionId));
      const continuation = this.continuationOf(request, task.id, resumption);
      const result = await request.run(abort.signal, onProgress, continuation, resumption?.message);
      write(resultLine(result, this.options.sessionId));
      return result.isError ? result.text : undefined;
    });
    if (request.name !== undefined) await this.afterNamedRun(request, request.name, task.id);
  }

  /** What a named agent's run is given: its earlier conversation, its inbox, a place for its own. */
  private continuationOf(
    request: BackgroundAgentRequest,
    taskId: string,
    resumption: Resumption | undefined,
  ): AgentContinuation | undefined {
    const name = request.name;
    if (name === undefined) return undefined;
    return {
      ...(resumption ? { history: resumption.history } : {}),
      drainInbox: () => this.named.drain(name, taskId),
      onConversation: (messages) => this.named.remember(name, taskId, messages),
    };
  }

  /**
   * A named agent's run ended: messages sent after its last tool boundary resume it at once
   * (registered before this run counts as ended, so `whenNoneRunning` waits for the resumption).
   */
  private async afterNamedRun(
    request: BackgroundAgentRequest,
    name: string,
    taskId: string,
  ): Promise<void> {
    const endedAs = (await this.store.readRecorded(taskId))?.status ?? "completed";
    const unread = this.named.ended(name, taskId, endedAs);
    const state = this.named.stateOf(name);
    if (unread.length === 0 || this.closed || state?.kind !== "finished") return;
    const resumption = { history: state.history, message: unread.join("\n\n") };
    await this.start(request, resumption);
  }
}
