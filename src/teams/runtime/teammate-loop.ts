import type { TaskListStore } from "../../task-list/task-list-store.js";
import type { PermissionMode } from "../../tools/context.js";
import type { TeamHookEvent, TeamHookVerdict } from "../../tools/hooks.js";
import type { TeammateConversation } from "../../tools/teammates.js";
import { TEAM_LEAD_NAME } from "../team-names.js";
import { claimableTasks, claimedTaskPrompt, pickNextMessage } from "./next-work.js";
import { approvedShutdown } from "./shutdown-answer.js";
import type { TeamMailboxPort, TeamProtocolPort, TeamRosterPort } from "./team-ports.js";

/** Where a teammate stands (`keel -p`'s wait reads it): idle while it sleeps between looks. */
export type TeammateState =
  | { kind: "working" }
  | { kind: "idle" }
  | { kind: "ended"; status: "completed" | "failed" | "killed"; error?: string };

/** How a teammate's life ended. */
export type TeammateEnd = Extract<TeammateState, { kind: "ended" }>;

/** What a teammate's run loop works with. */
export interface TeammateLoopDeps {
  name: string;
  team: string;
  color: string;
  conversation: TeammateConversation;
  mailbox: TeamMailboxPort;
  roster: Pick<TeamRosterPort, "setActive">;
  protocol: TeamProtocolPort;
  /** The team's task list (none: the teammate only waits for messages). */
  tasks?: TaskListStore;
  /** TaskCompleted and TeammateIdle at each turn's end (none: no hooks). */
  hooks?: (event: TeamHookEvent, signal: AbortSignal) => Promise<TeamHookVerdict>;
  setPermissionMode: (mode: PermissionMode) => void;
  /** How often an idle teammate looks for work (default 500 ms). */
  pollMs: number;
  /** Waits `ms`, or less when the signal aborts. */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Aborted when the teammate must stop (shutdown approved, session end). */
  signal: AbortSignal;
  onState: (state: TeammateState) => void;
}

/** What comes after a turn's end hooks: keep working on feedback, stop, or go idle. */
type AfterTurn = { kind: "feedback"; text: string } | { kind: "stop" } | { kind: "idle" };

const killed: TeammateEnd = { kind: "ended", status: "killed" };

/**
 * Runs a teammate from its first instructions (none: it comes back idle) to its end
 * (task-types.md §1.6): a turn, its end hooks, then idle — the team file says so and the lead
 * gets one idle_notification — and a wait for the next message or claimable task, which
 * starts the next turn.
 */
export async function runTeammateLoop(
  deps: TeammateLoopDeps,
  firstPrompt: string | undefined,
): Promise<TeammateEnd> {
  // A teammate brought back by a resumed session starts idle, waiting for work.
  let prompt: string | undefined = firstPrompt ?? (await waitForWork(deps));
  while (prompt !== undefined) {
    if (deps.signal.aborted) return killed;
    deps.onState({ kind: "working" });
    await deps.roster.setActive(deps.name, true);
    const turn = await deps.conversation.runTurn(prompt);
    if (deps.signal.aborted) return killed;
    if (turn.apiError) return fail(deps, turn.text);
    if (turn.terminalReason.startsWith("aborted")) {
      // Its requests were refused (the session's budget is spent) or cut off: it cannot go on.
      return fail(deps, "its turn was stopped before it finished");
    }
    if (approvedShutdown(turn.messages)) return { kind: "ended", status: "completed" };
    const after = await turnEndHooks(deps);
    if (after.kind === "stop") return { kind: "ended", status: "completed" };
    if (after.kind === "feedback") {
      prompt = after.text;
      continue;
    }
    await goIdle(deps, "available");
    prompt = await waitForWork(deps);
  }
  return killed;
}

/** Idle, said once: the team file's isActive and one idle_notification to the lead. */
async function goIdle(
  deps: TeammateLoopDeps,
  idleReason: "available" | "failed",
  failureReason?: string,
): Promise<void> {
  await deps.roster.setActive(deps.name, false);
  const text = deps.protocol.idleNotification({
    from: deps.name,
    idleReason,
    ...(failureReason === undefined ? {} : { failureReason }),
  });
  await deps.mailbox.send(TEAM_LEAD_NAME, { from: deps.name, text, color: deps.color });
}

/** A teammate that cannot go on: the lead hears why, and its task fails with that text. */
async function fail(deps: TeammateLoopDeps, error: string): Promise<TeammateEnd> {
  await goIdle(deps, "failed", error);
  return { kind: "ended", status: "failed", error };
}

/**
 * The hooks of a turn's end, in Claude Code's order (the loop ran the Stop hooks): TaskCompleted
 * for each task it still has in progress, then TeammateIdle. The first stop ends the teammate;
 * feedback from any of them is its next prompt.
 */
async function turnEndHooks(deps: TeammateLoopDeps): Promise<AfterTurn> {
  const { hooks } = deps;
  if (!hooks) return { kind: "idle" };
  const feedback: string[] = [];
  const team = { teammate_name: deps.name, team_name: deps.team };
  const mine = (await deps.tasks?.list())?.filter(
    (task) => task.owner === deps.name && task.status === "in_progress",
  );
  for (const task of mine ?? []) {
    const input = { task_id: task.id, task_subject: task.subject, ...team };
    const full = { ...input, task_description: task.description };
    const verdict = await hooks({ event: "TaskCompleted", input: full }, deps.signal);
    if (verdict.stop !== undefined) return { kind: "stop" };
    if (verdict.feedback) feedback.push(`TaskCompleted hook feedback: ${verdict.feedback}`);
  }
  const idle = await hooks({ event: "TeammateIdle", input: team }, deps.signal);
  if (idle.stop !== undefined) return { kind: "stop" };
  if (idle.feedback) feedback.push(`TeammateIdle hook feedback: ${idle.feedback}`);
  return feedback.length > 0 ? { kind: "feedback", text: feedback.join("\n\n") } : { kind: "idle" };
}

/**
 * Polls until there is work (§1.6): an unread message (a shutdown request first, then the
 * lead's, then any) or, failing that, the lowest claimable task, claimed. Undefined once the
 * teammate is stopped.
 */
async function waitForWork(deps: TeammateLoopDeps): Promise<string | undefined> {
  while (!deps.signal.aborted) {
    const message = await nextMessage(deps);
    if (message !== undefined) return message;
    const task = await claimTask(deps);
    if (task !== undefined) return task;
    // Idle only while it sleeps: a look that found nothing came first, so whoever sees every
    // teammate idle (keel -p's wait) knows none is taking work at that moment.
    deps.onState({ kind: "idle" });
    await deps.sleep(deps.pollMs, deps.signal);
    deps.onState({ kind: "working" });
  }
  return undefined;
}

/** Takes the next unread message; a plan approval sets the teammate's mode before it reads on. */
async function nextMessage(deps: TeammateLoopDeps): Promise<string | undefined> {
  const isShutdown = (m: { text: string }) =>
    deps.protocol.forTeammate(m.text).kind === "shutdown_request";
  const [message] = await deps.mailbox.take(deps.name, (unread) => {
    const index = pickNextMessage(unread, isShutdown);
    return index === undefined ? [] : [index];
  });
  if (!message) return undefined;
  const view = deps.protocol.forTeammate(message.text);
  if (view.kind === "plan_approval_response" && view.approved) {
    deps.setPermissionMode(view.permissionMode ?? "default");
  }
  return deps.protocol.format(message);
}

/** Claims the lowest claimable task (another teammate may win it: the next one is tried). */
async function claimTask(deps: TeammateLoopDeps): Promise<string | undefined> {
  if (!deps.tasks) return undefined;
  for (const task of claimableTasks(await deps.tasks.list())) {
    const claim = await deps.tasks.claim(task.id, deps.name);
    if (claim.ok) return claimedTaskPrompt(claim.task);
  }
  return undefined;
}
