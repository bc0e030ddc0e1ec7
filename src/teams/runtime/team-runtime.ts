import { join } from "node:path";
import type { Message } from "../../protocol/messages.js";
import type { SessionEvent } from "../../session/engine/session-event.js";
import { subagentModel } from "../../session/subagent-context.js";
import type { TaskListStore } from "../../task-list/task-list-store.js";
import { abortableSleep } from "../../tasks/abortable-sleep.js";
import { progressLine } from "../../tasks/background-agents.js";
import type { WriteLine } from "../../tasks/recorded-run.js";
import { DEFAULT_SUBAGENT_TYPE } from "../../tools/builtin/agent/schema.js";
import type { PermissionMode, ToolUseContext } from "../../tools/context.js";
import type {
  SpawnedTeammate,
  TeammateConversation,
  TeammateSpawner,
  TeammateSpawnRequest,
  TeammateStopper,
} from "../../tools/teammates.js";
import { safeName, teamAgentId } from "../team-names.js";
import { LeadMailRoom } from "./lead-mail.js";
import { claimableTasks } from "./next-work.js";
import type {
  TeamMailboxPort,
  TeamMemberRecord,
  TeamProtocolPort,
  TeamRosterPort,
} from "./team-ports.js";
import { withTeammatePlanTool } from "./teammate-exit-plan-mode.js";
import { type TeammateView, teammateLines } from "./teammate-lines.js";
import { runTeammateLoop, type TeammateEnd, type TeammateState } from "./teammate-loop.js";
import { teamCoordinationReminder, teammateAddendum } from "./teammate-prompt.js";
import { registerTeammateTask, runTeammateTask, type TeammateTaskDeps } from "./teammate-task.js";

/** How many teammates a session may have at once (Claude Code has no cap; 3–5 advised). */
export const DEFAULT_MAX_TEAMMATES = 8;
/** How often an idle teammate looks for work (Claude Code's 500 ms). */
export const DEFAULT_TEAMMATE_POLL_MS = 500;
/** How often the lead's inbox is read (Claude Code's 1 s). */
export const DEFAULT_LEAD_POLL_MS = 1_000;

/** Colors given to teammates in spawn order (Claude Code's palette names). */
const COLORS = ["blue", "green", "yellow", "purple", "orange", "pink", "cyan", "red"] as const;

/** What a session's team runtime is built from. */
interface TeamRuntimeDeps {
  team: string;
  sessionId: string;
  cwd: string;
  mailbox: TeamMailboxPort;
  roster: TeamRosterPort;
  protocol: TeamProtocolPort;
  /** The team file's and task list's paths, for the Team Coordination reminder. */
  paths: { teamFile: string; taskList: string };
  /** The session's plan folder: a plan-mode teammate's plan file is `teammate-<name>.md` there. */
  planFolder: string;
  tasks?: TaskListStore;
  /** Where teammates are recorded as `in_process_teammate` tasks (none: they are not). */
  taskRecords?: TeammateTaskDeps;
  /** The lead's permission mode now (a teammate starts in it; plan approvals grant it). */
  leadMode: () => PermissionMode;
  /** Where what the lead should hear goes when it is idle (the engine's deliver). */
  deliver: (event: SessionEvent) => void;
  /** Whether the lead's turn runs now (its mail then waits for its next tool boundary). */
  leadBusy: () => boolean;
  maxTeammates?: number;
  teammatePollMs?: number;
  leadPollMs?: number;
  /** Told of a failure nothing else reports (a poll that could not read the inbox). */
  onError: (error: unknown) => void;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** A member's conversation from its transcript (a resumed session's teammates). */
  loadHistory?: (agentId: string) => Promise<readonly Message[] | undefined>;
}

/** A live teammate. */
interface Teammate {
  spawned: SpawnedTeammate;
  /** Stops it (shutdown approved): its task ends completed. */
  abort: AbortController;
  /** Kills it (`keel kill`, the session's end): its task ends killed; `abort` follows. */
  kill: AbortController;
  /** Its task's output, once its task runs. */
  write?: WriteLine;
  /** Its task's id, once registered (TaskStop may name it by that). */
  taskId?: string;
  state: TeammateState;
  /** True while one of its turns runs (what the REPL shows as working). */
  inTurn: boolean;
  /** Tokens of all its requests so far. */
  tokens: number;
  done: Promise<void>;
  /** Its permission mode (its own from spawn on). */
  mode: PermissionMode;
}

/**
 * A session's agent team (task-types.md §1): spawns teammates (each its own conversation in
 * this process, running its loop), polls the lead's inbox while any exists, and stops them all
 * when the session ends. `quiet()` tells `keel -p` whether the team has anything left to do.
 */
export class TeamRuntime {
  private readonly teammates = new Map<string, Teammate>();
  private readonly listeners = new Set<() => void>();
  /** Shutdowns being carried out (the teammate's last step, the team file, its tasks). */
  private readonly terminations = new Set<Promise<void>>();
  private readonly stop = new AbortController();
  private spawnedCount = 0;
  /** Members a resumed session brings back at the lead's first turn. */
  private readonly pendingRestores: TeamMemberRecord[] = [];
  /** Plan requests sent so far (their ids count up, so they are unique in the team). */
  private requests = 0;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;

  private readonly mail: LeadMailRoom;

  constructor(private readonly deps: TeamRuntimeDeps) {
    this.sleep = deps.sleep ?? abortableSleep;
    this.mail = new LeadMailRoom({
      ...deps,
      onShutdownApproved: (name) => this.startTermination(name),
      pollMs: deps.leadPollMs ?? DEFAULT_LEAD_POLL_MS,
      sleep: this.sleep,
      stop: this.stop.signal,
    });
  }

  /** The lead's mail while it works: the attachment collector's `teammateMail` source. */
  get leadMail(): LeadMailRoom["source"] {
    return this.mail.source;
  }

  /** The Agent tool's spawner (the engine's `spawnTeammate`). */
  readonly spawn: TeammateSpawner = (request) => this.start(request);

  /**
   * TaskStop's teammate: one named by its agent id (`name@team`), its name or its task id is
   * killed (its task ends killed; it stays in the team file, inactive). Undefined for no such
   * teammate.
   */
  readonly stopTeammate: TeammateStopper = async (idOrName) => {
    const teammate = [...this.teammates.values()].find((t) =>
      [t.spawned.agentId, t.spawned.name, t.taskId].includes(idOrName),
    );
    if (!teammate) return undefined;
    const { agentId: id, name } = teammate.spawned;
    if (teammate.state.kind === "ended") {
      return {
        state: { type: "in_process_teammate", id, name, status: teammate.state.status },
        outcome: "ended",
      };
    }
    teammate.kill.abort(new Error("stopped with TaskStop"));
    await teammate.done;
    return {
      state: { type: "in_process_teammate", id, name, status: "killed" },
      outcome: "stopped",
    };
  };

  /** Told when what `lines()` shows may have changed (a turn started or ended, one left). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A line per teammate: name, status, its task in progress, tokens (the REPL's team lines). */
  async lines(): Promise<string[]> {
    const views = [...this.teammates.values()].map((t) => ({
      name: t.spawned.name,
      status: t.state.kind === "ended" ? t.state.status : t.inTurn ? "working" : "idle",
      tokens: t.tokens,
    })) satisfies TeammateView[];
    const tasks = (await this.deps.tasks?.list().catch(() => [])) ?? [];
    return teammateLines(views, tasks);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  private async start(asked: TeammateSpawnRequest): Promise<SpawnedTeammate> {
    const { deps } = this;
    // A member's name is a file name (its inbox): keel's safe form of the name asked for.
    const request = { ...asked, name: safeName(asked.name) };
    this.refuseSpawn(request.name);
    if (!request.parentContext.options.openTeammateConversation) {
      throw new Error("This session cannot run teammates.");
    }
    const spawned = this.identity(request);
    const planRequired = request.definition.permissionMode === "plan";
    await deps.roster.ensure();
    await deps.roster.addMember({
      agentId: spawned.agentId,
      name: spawned.name,
      agentType: spawned.agentType,
      model: spawned.model,
      prompt: request.prompt,
      color: spawned.color,
      planModeRequired: planRequired,
      cwd: deps.cwd,
      sessionId: deps.sessionId,
    });
    this.launch(request, spawned, { firstPrompt: request.prompt });
    return spawned;
  }

  /** Why a teammate of this name cannot join now, thrown (the Agent call's error). */
  private refuseSpawn(name: string): void {
    if (this.stop.signal.aborted) throw new Error("The session is ending; no teammate can join.");
    const max = this.deps.maxTeammates ?? DEFAULT_MAX_TEAMMATES;
    if (this.teammates.has(name)) {
      throw new Error(`A teammate named "${name}" is already in the team.`);
    }
    if (this.teammates.size >= max) {
      throw new Error(
        `The team already has ${max} teammates, the most a session may have (KEEL_MAX_TEAMMATES). Shut one down first (SendMessage a shutdown_request).`,
      );
    }
  }

  /**
   * Starts a member's conversation and loop: a new teammate with its first instructions, or
   * one a resumed session brings back with its history, idle until work comes.
   */
  private launch(
    request: TeammateSpawnRequest,
    spawned: SpawnedTeammate,
    start: { firstPrompt?: string; history?: readonly Message[] },
  ): void {
    const { deps } = this;
    const open = request.parentContext.options.openTeammateConversation;
    if (!open) return;
    const planRequired = request.definition.permissionMode === "plan";
    const teammate: Teammate = {
      spawned,
      abort: new AbortController(),
      kill: new AbortController(),
      state: { kind: "working" },
      // A new teammate's first turn is about to start; one brought back waits for work.
      inTurn: start.firstPrompt !== undefined,
      tokens: 0,
      done: Promise.resolve(),
      mode: planRequired ? "plan" : deps.leadMode(),
    };
    const opened = open({
      definition: request.definition,
      parentContext: request.parentContext,
      agentId: spawned.agentId,
      agentName: spawned.name,
      systemPromptAddendum: teammateAddendum(),
      teamReminder: teamCoordinationReminder({ name: spawned.name, ...deps.paths }),
      permissionMode: () => teammate.mode,
      setPermissionMode: (mode) => {
        teammate.mode = mode;
      },
      adjustTools: (tools) =>
        withTeammatePlanTool(tools, {
          name: spawned.name,
          color: spawned.color,
          planFile: join(deps.planFolder, `teammate-${spawned.name}.md`),
          mailbox: deps.mailbox,
          protocol: deps.protocol,
          newRequestId: () => `plan-${++this.requests}@${spawned.name}`,
        }),
      ...(start.history ? { history: start.history } : {}),
      onMessage: (message) => {
        if (message.type === "assistant" || message.type === "user") {
          teammate.write?.(progressLine({ type: "agent_progress", message }, deps.sessionId));
        }
      },
      signal: teammate.abort.signal,
    });
    const conversation = this.counted(teammate, opened);
    teammate.kill.signal.addEventListener("abort", () => teammate.abort.abort(), { once: true });
    this.teammates.set(spawned.name, teammate);
    this.changed();
    teammate.done = this.run(teammate, conversation, request, start.firstPrompt);
    this.mail.startPolling();
  }

  /** The conversation, its turns counted: in a turn or not, and their tokens. */
  private counted(teammate: Teammate, conversation: TeammateConversation): TeammateConversation {
    return {
      runTurn: async (prompt) => {
        teammate.inTurn = true;
        this.changed();
        try {
          const turn = await conversation.runTurn(prompt);
          const { usage } = turn;
          teammate.tokens += usage.input_tokens + usage.output_tokens;
          teammate.tokens += usage.cache_creation_input_tokens + usage.cache_read_input_tokens;
          return turn;
        } finally {
          teammate.inTurn = false;
          this.changed();
        }
      },
      close: () => conversation.close(),
    };
  }

  /**
   * A resumed session's team (beyond Claude Code, which does not restore in-process
   * teammates): the members the team file lists come back, each with its conversation, idle,
   * once the lead's first turn gives them the session's tools and model (`adoptContext`), and
   * the lead's unread mail reaches it from that turn on.
   */
  async restore(): Promise<void> {
    const members = await this.deps.roster.members();
    this.pendingRestores.push(...members.filter((m) => !this.teammates.has(m.name)));
    for (const member of this.pendingRestores) {
      await this.deps.roster.setActive(member.name, false);
    }
    // The lead's unread mail waits for its first turn (its tool boundaries, then its poller as
    // the members come back), so a resumed session's prompt comes first, as typed.
    if (members.length > 0) this.mail.expectMail();
  }

  /** A lead turn's context: members waiting to come back start with it. */
  readonly adoptContext = (context: ToolUseContext): void => {
    const waiting = this.pendingRestores.splice(0);
    for (const member of waiting) void this.bringBack(member, context).catch(this.deps.onError);
  };

  private async bringBack(member: TeamMemberRecord, context: ToolUseContext): Promise<void> {
    const definitions = context.options.agentDefinitions;
    const definition =
      definitions.find((d) => d.name === member.agentType) ??
      definitions.find((d) => d.name === DEFAULT_SUBAGENT_TYPE);
    if (!definition || this.teammates.has(member.name)) return;
    const request = {
      definition,
      name: member.name,
      prompt: member.prompt ?? "",
      description: member.name,
      parentContext: context,
    };
    const spawned = { ...this.identity(request), ...(member.color ? { color: member.color } : {}) };
    const history = await this.deps.loadHistory?.(spawned.agentId);
    this.launch(request, spawned, history ? { history } : {});
  }

  private identity(request: TeammateSpawnRequest): SpawnedTeammate {
    const agentId = teamAgentId(request.name, this.deps.team);
    const color = COLORS[this.spawnedCount++ % COLORS.length] ?? "blue";
    return {
      teammateId: agentId,
      agentId,
      agentType: request.definition.name,
      model: subagentModel(request.definition, request.parentContext.options.mainLoopModel),
      name: request.name,
      color,
      teamName: this.deps.team,
    };
  }

  /** Runs the teammate, as its task when teammates are recorded; settles at its end. */
  private async run(
    teammate: Teammate,
    conversation: TeammateConversation,
    request: TeammateSpawnRequest,
    firstPrompt: string | undefined,
  ): Promise<void> {
    const records = this.deps.taskRecords;
    const loop = () => this.loop(teammate, conversation, request, firstPrompt);
    if (!records) {
      await loop();
      return;
    }
    const task = await registerTeammateTask(records, teammate.spawned, request.prompt);
    teammate.taskId = task.id;
    await runTeammateTask(records.store, task, teammate.kill, (write) => {
      teammate.write = write;
      return loop();
    });
  }

  /** The teammate's run loop to its end, which is recorded in its state and the team file. */
  private async loop(
    teammate: Teammate,
    conversation: TeammateConversation,
    request: TeammateSpawnRequest,
    firstPrompt: string | undefined,
  ): Promise<TeammateEnd> {
    const { deps } = this;
    const hooks = request.parentContext.hooks.teamEvent?.bind(request.parentContext.hooks);
    let end: TeammateEnd;
    try {
      end = await runTeammateLoop(
        {
          name: teammate.spawned.name,
          team: deps.team,
          color: teammate.spawned.color,
          conversation,
          mailbox: deps.mailbox,
          roster: deps.roster,
          protocol: deps.protocol,
          ...(deps.tasks ? { tasks: deps.tasks } : {}),
          ...(hooks ? { hooks } : {}),
          setPermissionMode: (mode) => {
            teammate.mode = mode;
          },
          pollMs: deps.teammatePollMs ?? DEFAULT_TEAMMATE_POLL_MS,
          sleep: this.sleep,
          signal: teammate.abort.signal,
          onState: (state) => {
            teammate.state = state;
          },
        },
        firstPrompt,
      );
    } catch (error) {
      end = { kind: "ended", status: "failed", error: errorText(error) };
      deps.onError(error);
    } finally {
      conversation.close();
    }
    teammate.state = end;
    this.changed();
    await deps.roster.setActive(teammate.spawned.name, false).catch(deps.onError);
    return end;
  }

  private startTermination(name: string): void {
    const done = this.terminate(name)
      .catch(this.deps.onError)
      .finally(() => this.terminations.delete(done));
    this.terminations.add(done);
  }

  /**
   * A teammate approved its shutdown: it is stopped (after its current step), taken off the
   * team file, and its unfinished tasks go back to the list for others to claim.
   */
  private async terminate(name: string): Promise<void> {
    const teammate = this.teammates.get(name);
    if (!teammate) return;
    teammate.abort.abort(new Error("shut down"));
    await teammate.done;
    this.teammates.delete(name);
    this.changed();
    if (teammate.state.kind === "ended" && teammate.state.status === "killed") {
      teammate.state = { kind: "ended", status: "completed" };
    }
    await this.deps.roster.removeMember(name);
    await this.deps.tasks?.unassign(name);
  }

  /**
   * Whether the team has nothing left to do: every teammate idle or ended, none with unread
   * mail, no task one of them could claim, and nothing unread for the lead (what was there is
   * delivered now, so the lead's turn starts before the caller looks at the engine).
   */
  async quiet(): Promise<boolean> {
    const live = [...this.teammates.values()].filter((t) => t.state.kind !== "ended");
    if (live.some((t) => t.state.kind === "working")) return false;
    for (const teammate of live) {
      if ((await this.deps.mailbox.unread(teammate.spawned.name)).length > 0) return false;
    }
    if (live.length > 0 && this.deps.tasks) {
      if (claimableTasks(await this.deps.tasks.list()).length > 0) return false;
    }
    if (this.terminations.size > 0) return false;
    return !(await this.mail.poll());
  }

  /** Settles once `quiet()` holds, or when the signal aborts. */
  async whenQuiet(signal: AbortSignal): Promise<void> {
    const every = this.deps.teammatePollMs ?? DEFAULT_TEAMMATE_POLL_MS;
    while (!signal.aborted && !(await this.quiet())) await this.sleep(every, signal);
  }

  /** Stops every teammate and the lead's poller; their team-file entries say inactive. */
  async dispose(): Promise<void> {
    this.stop.abort(new Error("the session ended"));
    for (const teammate of this.teammates.values()) teammate.kill.abort(new Error("session end"));
    await Promise.all([...this.teammates.values()].map((t) => t.done));
    await Promise.all([...this.terminations]);
    await this.mail.stopped();
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
