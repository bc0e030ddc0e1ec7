import type { TaskListStore } from "../../../task-list/task-list-store.js";
import type { ToolCallContext } from "../../context.js";
import type { AnyTool, Tool } from "../../tool.js";
import { TASK_LIST_DESCRIPTIONS } from "./description.js";
import {
  type TaskCreateOutput,
  type TaskGetOutput,
  type TaskListOutput,
  type TaskUpdateOutput,
  taskCreateResult,
  taskGetResult,
  taskListResult,
  taskUpdateResult,
} from "./result.js";
import {
  type TaskCreateInput,
  type TaskGetInput,
  type TaskListInput,
  type TaskUpdateInput,
  taskCreateInputSchema,
  taskGetInputSchema,
  taskListInputSchema,
  taskUpdateInputSchema,
} from "./schema.js";
import { callerName, notifyAssignment, type TaskListTeam } from "./task-assignment.js";

/** What every task-list tool shares: it only touches keel's own task list, so it asks nothing. */
const common = {
  maxResultSizeChars: 100_000,
  checkPermissions: async () => ({ behavior: "allow" as const }),
};

/** A task's hook fields; a teammate's change names it and its team (its id is `name@team`). */
function taskFields(
  task: { id: string; subject: string; description: string },
  context: Pick<ToolCallContext, "agentName" | "agentId">,
) {
  const fields = {
    task_id: task.id,
    task_subject: task.subject,
    task_description: task.description,
  };
  const team = context.agentId?.split("@")[1];
  if (context.agentName === undefined || team === undefined) return fields;
  return { ...fields, teammate_name: context.agentName, team_name: team };
}

function createTool(store: TaskListStore): Tool<TaskCreateInput, TaskCreateOutput> {
  return {
    ...common,
    name: "TaskCreate",
    description: TASK_LIST_DESCRIPTIONS.TaskCreate,
    inputSchema: taskCreateInputSchema,
    isReadOnly: () => false,
    isConcurrencySafe: () => false,
    async call(input, context: ToolCallContext) {
      const task = await store.create(input);
      const verdict = await context.hooks.taskEvent?.(
        "TaskCreated",
        taskFields(task, context),
        context.signal,
      );
      if (verdict?.blocked) {
        // A TaskCreated hook refused it: the task does not stay.
        await store.remove(task.id);
        throw new Error(`A TaskCreated hook refused the task: ${verdict.blocked}`);
      }
      return {
        data: { task: { id: task.id, subject: task.subject, description: task.description } },
      };
    },
    mapToolResult: taskCreateResult,
  };
}

function getTool(store: TaskListStore): Tool<TaskGetInput, TaskGetOutput> {
  return {
    ...common,
    name: "TaskGet",
    description: TASK_LIST_DESCRIPTIONS.TaskGet,
    inputSchema: taskGetInputSchema,
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    async call(input) {
      const task = await store.get(input.taskId);
      if (!task) return { data: { task: null } };
      const { id, subject, description, status, blocks, blockedBy } = task;
      return { data: { task: { id, subject, description, status, blocks, blockedBy } } };
    },
    mapToolResult: taskGetResult,
  };
}

function listTool(store: TaskListStore): Tool<TaskListInput, TaskListOutput> {
  return {
    ...common,
    name: "TaskList",
    description: TASK_LIST_DESCRIPTIONS.TaskList,
    inputSchema: taskListInputSchema,
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    async call() {
      const tasks = await store.list();
      const done = new Set(tasks.filter((t) => t.status === "completed").map((t) => t.id));
      return {
        data: {
          tasks: tasks.map(({ id, subject, status, owner, blockedBy }) => ({
            id,
            subject,
            status,
            ...(owner === undefined ? {} : { owner }),
            // What still blocks it: finished blockers no longer count.
            blockedBy: blockedBy.filter((blocker) => !done.has(blocker)),
          })),
        },
      };
    },
    mapToolResult: taskListResult,
  };
}

/** The patch TaskUpdate applies: with teams on, starting an unowned task makes it the caller's. */
function updatePatch(
  input: TaskUpdateInput,
  before: { owner?: string } | undefined,
  claimer: string | undefined,
) {
  const { taskId: _id, ...requested } = input;
  const claims =
    claimer !== undefined && input.status === "in_progress" && input.owner === undefined;
  return claims && before && !before.owner ? { ...requested, owner: claimer } : requested;
}

function updateTool(
  store: TaskListStore,
  team?: TaskListTeam,
): Tool<TaskUpdateInput, TaskUpdateOutput> {
  return {
    ...common,
    name: "TaskUpdate",
    description: TASK_LIST_DESCRIPTIONS.TaskUpdate,
    inputSchema: taskUpdateInputSchema,
    isReadOnly: () => false,
    isConcurrencySafe: () => false,
    async call(input, context: ToolCallContext) {
      const { taskId } = input;
      const before = await store.get(taskId);
      const caller = callerName(context);
      const patch = updatePatch(input, before, team ? caller : undefined);
      if (before && input.status === "completed" && before.status !== "completed") {
        const verdict = await context.hooks.taskEvent?.(
          "TaskCompleted",
          taskFields(before, context),
          context.signal,
        );
        if (verdict?.blocked) {
          const error = `A TaskCompleted hook kept task #${taskId} open: ${verdict.blocked}`;
          return { data: { success: false, taskId, updatedFields: [], error } };
        }
      }
      const outcome = await store.update(taskId, patch);
      if (!outcome.ok)
        return { data: { success: false, taskId, updatedFields: [], error: outcome.error } };
      const owner = patch.owner;
      const undelivered =
        team && outcome.task && owner && owner !== before?.owner
          ? await notifyAssignment(team, outcome.task, owner, caller)
          : undefined;
      return {
        data: {
          success: true,
          taskId,
          updatedFields: outcome.updatedFields,
          ...(outcome.statusChange ? { statusChange: outcome.statusChange } : {}),
          ...(undelivered ? { error: undelivered } : {}),
        },
      };
    },
    mapToolResult: taskUpdateResult,
  };
}

/**
 * TaskCreate, TaskGet, TaskList and TaskUpdate over one shared task list; with a team (agent
 * teams on), TaskUpdate tells a new owner of its task and a started task is the caller's.
 */
export function createTaskListTools(store: TaskListStore, team?: TaskListTeam): AnyTool[] {
  return [createTool(store), getTool(store), listTool(store), updateTool(store, team)];
}
