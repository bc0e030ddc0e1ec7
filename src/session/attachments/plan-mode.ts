import { access, readFile } from "node:fs/promises";
import type { Attachment } from "../../protocol/messages.js";
import type { ToolUseContext } from "../../tools/context.js";
import type { AttachmentSource } from "./sources.js";

/** Tool rounds between two reminders while plan mode stays on. */
export const PLAN_MODE_REMINDER_EVERY = 5;

/** Every this many reminders the full one comes back (Claude Code's cadence: 1st, 6th, 11th…). */
export const FULL_REMINDER_EVERY = 5;

function fullReminder(planFile: string | undefined, planExists: boolean): string {
  const lines = [
    "Plan mode is on: the user wants a plan before any change. Read, search and think, then present the plan; do not edit files, run commands that change anything, or otherwise act on the plan until the user approves it.",
  ];
  if (planFile !== undefined) {
    lines.push(
      planExists
        ? `A plan file exists at ${planFile}: read it and improve it with Edit or Write. It is the only file you may change.`
        : `Write your plan to ${planFile} with Write: it is the only file you may change.`,
      "Put in it what you will change and why, file by file, and how you will check it works. Ask the user with AskUserQuestion when something is unclear. When the plan is complete, call ExitPlanMode (it takes no plan text: it reads the file) so the user can approve it.",
    );
  }
  return lines.join("\n");
}

function sparseReminder(planFile: string | undefined): string {
  const where = planFile === undefined ? "" : ` The plan file is ${planFile}.`;
  return `Plan mode is on: still planning, no changes yet.${where} Call ExitPlanMode when the plan is ready.`;
}

const LEFT_PLAN_MODE =
  "Plan mode is off now: you may make the changes you planned, within the permissions the user gives.";

function reminder(content: string): Attachment[] {
  return [{ type: "system_reminder", content }];
}

async function readIfThere(path: string): Promise<string | undefined> {
  return readFile(path, "utf8").catch(() => undefined);
}

async function exists(path: string | undefined): Promise<boolean> {
  if (path === undefined) return false;
  return access(path).then(
    () => true,
    () => false,
  );
}

/** Plan mode's reminders: after tool rounds, and once more right after a compaction. */
export interface PlanModeReminders {
  /** The attachment source: reminds the model after tool rounds (see planModeSource). */
  source: AttachmentSource;
  /**
   * What follows a compaction's summary: in plan mode, the full reminder with the plan as the
   * file holds it (the summary may have lost both); the reminders after it are short again.
   */
  afterCompact(context: ToolUseContext): Promise<readonly Attachment[]>;
}

function planText(plan: string | undefined): string {
  return plan === undefined ? "" : `\n\nThe plan file holds:\n${plan}`;
}

/**
 * Reminds the model that plan mode is on (when it starts, then every few tool rounds) and
 * tells it once when plan mode has ended, so a long turn never forgets which one applies.
 * The first reminder is the full one (with the plan file and how to finish), later ones are
 * short, and every FULL_REMINDER_EVERY-th is full again; a compaction brings the full one
 * back at once. The mode is read at each pass.
 */
export function createPlanModeReminders(planFile?: string): PlanModeReminders {
  let inPlan = false;
  let roundsSinceReminder = 0;
  let reminders = 0;
  const remind = async (full: boolean, plan?: string): Promise<Attachment[]> => {
    inPlan = true;
    roundsSinceReminder = 0;
    if (full) reminders = 0;
    reminders += 1;
    if (!full) return reminder(sparseReminder(planFile));
    return reminder(fullReminder(planFile, await exists(planFile)) + planText(plan));
  };
  return {
    source: async (pass) => {
      const planning = pass.context.getAppState().permissionMode === "plan";
      if (!planning) {
        const left = inPlan;
        inPlan = false;
        return left ? reminder(LEFT_PLAN_MODE) : [];
      }
      roundsSinceReminder += 1;
      if (inPlan && roundsSinceReminder < PLAN_MODE_REMINDER_EVERY) return [];
      return remind(!inPlan || reminders % FULL_REMINDER_EVERY === 0);
    },
    afterCompact: async (context) => {
      if (context.getAppState().permissionMode !== "plan") return [];
      const plan = planFile === undefined ? undefined : await readIfThere(planFile);
      return remind(true, plan);
    },
  };
}

/** The attachment source of createPlanModeReminders alone (no compaction to follow). */
export function planModeSource(planFile?: string): AttachmentSource {
  return createPlanModeReminders(planFile).source;
}
