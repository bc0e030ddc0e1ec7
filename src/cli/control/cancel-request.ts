import type { Answer, HostHandlers, HostTargets } from "./host-handler.js";

/**
 * cancel_async_message: withdraws a prompt the host sent that no turn has taken yet, held
 * before the engine (a `/name` looked up, or waiting for the running turn) or in its queue;
 * it is never sent. `cancelled: false` when it was taken or started already, or is unknown.
 */
function cancelAsyncMessage(targets: HostTargets, uuid: unknown): Answer {
  if (typeof uuid !== "string" || uuid === "") {
    return { error: "cancel_async_message: message_uuid must be a user message's uuid" };
  }
  const cancelled =
    (targets.heldPrompts?.cancel(uuid) ?? false) || targets.session.engine.cancelQueued(uuid);
  return { ok: { cancelled } };
}

/** The request that withdraws a queued prompt. */
export const CANCEL_HANDLERS: HostHandlers = {
  cancel_async_message: (targets, request) => cancelAsyncMessage(targets, request.message_uuid),
};
