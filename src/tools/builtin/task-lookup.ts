import type { BackgroundShells } from "../background/background-shells.js";
import { unknownTaskMessage } from "../background/unknown-task.js";
import type { ValidationResult } from "../tool.js";

/** Checks that a task id names a background task of this session (the error lists those that do). */
export function checkKnownTask(shells: BackgroundShells, taskId: string): ValidationResult {
  if (shells.get(taskId)) return { ok: true };
  return { ok: false, message: unknownTaskMessage(taskId, shells.ids()) };
}
