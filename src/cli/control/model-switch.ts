import type { ModelProvider, ModelRequest } from "../../model/provider.js";

/** A provider whose main model can be switched mid-session (the SDK's set_model). */
export interface SwitchableModel {
  provider: ModelProvider;
  /** The model requests for the session's main model use now. */
  current(): string;
  /** The model the session started with (what a reset goes back to). */
  readonly start: string;
  /** Switches the main model; undefined goes back to the one the session started with. */
  set(model: string | undefined): void;
}

/**
 * Wraps a provider so requests for the session's own model go to the model chosen last;
 * requests naming another model (a fallback, a subagent's own model), or pinned to theirs (a
 * command's `model` that happens to be the one the session started with), are left alone.
 */
export function switchableModel(inner: ModelProvider, startModel: string): SwitchableModel {
  let chosen: string | undefined;
  const routed = (request: ModelRequest): ModelRequest =>
    chosen !== undefined && request.model === startModel && !request.modelPinned
      ? { ...request, model: chosen }
      : request;
  const count = inner.countTokens?.bind(inner);
  // The retry layer asks for fresh credentials after a 401 (an apiKeyHelper's key): passed on.
  const refresh = inner.refreshCredentials?.bind(inner);
  return {
    provider: {
      name: inner.name,
      stream: (request, signal) => inner.stream(routed(request), signal),
      ...(count ? { countTokens: (request, signal) => count(routed(request), signal) } : {}),
      ...(refresh ? { refreshCredentials: refresh } : {}),
    },
    current: () => chosen ?? startModel,
    start: startModel,
    set: (model) => {
      chosen = model;
    },
  };
}
