import { setMaxListeners } from "node:events";

/** An abort controller tied to a parent signal, and how to untie it. */
export interface ChildAbortController {
  controller: AbortController;
  /** Removes the listener on the parent (call once the child is no longer needed). */
  dispose(): void;
}

/**
 * A controller that aborts (with the parent's reason) when the parent signal does, while its
 * own abort leaves the parent alone. Many children may listen on it: no listener warnings.
 */
export function createChildAbortController(parent: AbortSignal): ChildAbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  if (parent.aborted) {
    controller.abort(parent.reason);
    return { controller, dispose: () => undefined };
  }
  const onAbort = () => controller.abort(parent.reason);
  parent.addEventListener("abort", onAbort, { once: true });
  return { controller, dispose: () => parent.removeEventListener("abort", onAbort) };
}
