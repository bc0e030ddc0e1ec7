import { responseFields } from "../hooks/hook-lifecycle.js";
import type { HookLifecycleEvent } from "../hooks/index.js";

/** The names every hook lifecycle message carries. */
interface HookMessageBase {
  type: "system";
  hook_id: string;
  hook_name: string;
  hook_event: string;
  uuid: string;
  session_id: string;
}

/** The SDK's SDKHookStartedMessage, SDKHookProgressMessage and SDKHookResponseMessage. */
export type SdkHookMessage =
  | (HookMessageBase & { subtype: "hook_started" })
  | (HookMessageBase & { subtype: "hook_progress"; stdout: string; stderr: string; output: string })
  | (HookMessageBase & { subtype: "hook_response" } & ReturnType<typeof responseFields>);

/** The stream-json message (`--include-hook-events`) for a hook starting, writing or ending. */
export function hookEventMessage(
  event: HookLifecycleEvent,
  ids: { sessionId: string; uuid: string },
): SdkHookMessage {
  const base = {
    type: "system" as const,
    hook_id: event.hookId,
    hook_name: event.hookName,
    hook_event: event.hookEvent,
    uuid: ids.uuid,
    session_id: ids.sessionId,
  };
  switch (event.kind) {
    case "started":
      return { ...base, subtype: "hook_started" };
    case "progress":
      return {
        ...base,
        subtype: "hook_progress",
        stdout: event.stdout,
        stderr: event.stderr,
        output: event.stdout,
      };
    case "response":
      return { ...base, subtype: "hook_response", ...responseFields(event.ended) };
  }
}
