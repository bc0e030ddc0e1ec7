import type { PermissionMode } from "../../context.js";

/**
 * What EnterPlanMode remembers for ExitPlanMode: the mode plan mode replaced, restored when a
 * plan is approved without a mode of its own (an SDK host's plain allow).
 */
export class PlanModeState {
  private before: PermissionMode = "default";

  /** Plan mode starts from `mode` (plan itself leaves the remembered mode as it was). */
  entered(mode: PermissionMode): void {
    if (mode !== "plan") this.before = mode;
  }

  /** The mode to go back to when plan mode ends. */
  modeBefore(): PermissionMode {
    return this.before;
  }
}
