import type { AllowReason } from "../tools/context.js";
import type { PermissionDecision } from "./decision.js";

/**
 * Why the engine allowed a call, in the words of Claude Code's `decision_reason_type` (rule,
 * mode, hook, classifier, sandboxOverride, other), with the engine's own sentence.
 */
export function allowReasonOf(
  decision: Extract<PermissionDecision, { behavior: "allow" }>,
): AllowReason {
  const reason = decision.message;
  switch (decision.reason.type) {
    case "rule":
      return { type: "rule", reason };
    case "mode":
      // The auto mode allows only on its classifier's verdict.
      return { type: decision.reason.mode === "auto" ? "classifier" : "mode", reason };
    case "hook":
      return { type: "hook", reason };
    case "sandbox":
      return { type: "sandboxOverride", reason };
    // The tool's own check (a read inside the working folders, acceptEdits for a file there):
    // the sentence says which.
    case "tool":
    case "safety":
      return { type: "other", reason };
  }
}
