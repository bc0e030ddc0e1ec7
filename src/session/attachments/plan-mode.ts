import type { Attachment } from "../../protocol/messages.js";
import type { AttachmentSource } from "./sources.js";

/** Tool rounds between two reminders while plan mode stays on. */
export const PLAN_MODE_REMINDER_EVERY = 5;

const IN_PLAN_MODE =
  "Plan mode is on: the user wants a plan before any change. Read, search and think, then present the plan; do not edit files, run commands that change anything, or otherwise act on the plan until the user leaves plan mode.";

const LEFT_PLAN_MODE =
  "Plan mode is off now: you may make the changes you planned, within the permissions the user gives.";

function reminder(content: string): Attachment[] {
  return [{ type: "system_reminder", content }];
}

/**
 * Reminds the model that plan mode is on (when it starts, then every few tool rounds) and
 * tells it once when the person has left plan mode, so a long turn never forgets which one
 * applies. The mode is read from the session's app state at each pass.
 */
export function planModeSource(): AttachmentSource {
  let inPlan = false;
  let roundsSinceReminder = 0;
  return async (pass) => {
    const planning = pass.context.getAppState().permissionMode === "plan";
    if (!planning) {
      const left = inPlan;
      inPlan = false;
      return left ? reminder(LEFT_PLAN_MODE) : [];
    }
    roundsSinceReminder += 1;
    if (inPlan && roundsSinceReminder < PLAN_MODE_REMINDER_EVERY) return [];
    inPlan = true;
    roundsSinceReminder = 0;
    return reminder(IN_PLAN_MODE);
  };
}
