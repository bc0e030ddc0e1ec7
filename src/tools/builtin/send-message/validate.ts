import { TEAM_LEAD_NAME } from "../../../teams/team-names.js";
import type { ValidationResult } from "../../tool.js";
import type { SendMessageInput } from "./schema.js";

export const BROADCAST = "*";

const fail = (message: string): ValidationResult => ({ ok: false, message });

/** Claude Code's rules for a SendMessage call from `sender` (task-types.md §1.3). */
export function validateSendMessage(input: SendMessageInput, sender: string): ValidationResult {
  const to = input.to.trim();
  if (to === "") return fail('`to` must name a recipient (a teammate\'s name, or "*").');
  if (to.includes("@")) {
    return fail(
      "`to` must be a teammate's bare name, without @team: there is only one team per session.",
    );
  }
  const message = input.message;
  if (typeof message === "string") {
    if (!input.summary?.trim()) return fail("`summary` is required when `message` is a string.");
    return { ok: true };
  }
  if (to === BROADCAST) return fail(`A ${message.type} cannot be broadcast: send it to one name.`);
  if (message.type === "shutdown_response") {
    if (to !== TEAM_LEAD_NAME)
      return fail(`A shutdown_response must be sent to "${TEAM_LEAD_NAME}".`);
    if (!message.approve && !message.reason?.trim()) {
      return fail("Rejecting a shutdown request needs a `reason`.");
    }
  }
  if (message.type === "plan_approval_response" && sender !== TEAM_LEAD_NAME) {
    return fail(`Only the team lead may send a plan_approval_response (you are ${sender}).`);
  }
  return { ok: true };
}
