import type { HookEventFields } from "../../hooks/hook-input.js";
import type { AskPerson } from "./interactive-permissions.js";

/** Runs a session's Notification hooks. */
export type Notify = (input: HookEventFields["Notification"]) => Promise<void>;

/**
 * The person is asked through the dialog, and the Notification hooks are told that a
 * permission prompt waits (type `permission_prompt`). The dialog never waits for the hooks.
 */
export function notifyingAsk(ask: AskPerson, notify: () => Notify | undefined): AskPerson {
  return (question, signal) => {
    const message = `keel needs your permission to use ${question.toolName}`;
    void notify()?.({ message, notification_type: "permission_prompt" });
    return ask(question, signal);
  };
}
