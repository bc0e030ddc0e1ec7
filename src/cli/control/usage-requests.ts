import { findModel, knownModelIds, MODEL_ALIASES } from "../../model/catalog.js";
import { thinkingSupport } from "../../model/thinking-support.js";
import { costText } from "../repl/slash-runner.js";
import type { Answer, HostHandlers, HostTargets } from "./host-handler.js";

/** One row of list_models, as the SDK's ModelInfo has it. */
function modelRow(value: string, resolved: string): Record<string, unknown> {
  const support = thinkingSupport(resolved);
  const info = findModel(resolved);
  return {
    value,
    resolvedModel: resolved,
    displayName: value,
    description: info
      ? `${resolved}: ${info.contextWindow.toLocaleString("en-US")}-token window, $${info.pricing.inputPerMTok}/$${info.pricing.outputPerMTok} per million tokens in/out`
      : `${resolved}: a model keel does not know (200k window, its cost counted as 0)`,
    supportsEffort: support.effortLevels.length > 0,
    supportedEffortLevels: [...support.effortLevels],
    supportsAdaptiveThinking: support.adaptive,
  };
}

/**
 * list_models: what `--model` and `/model` take: the aliases, the models keel knows (windows
 * and prices), and the session's own model when it is none of them.
 */
function listModels(targets: HostTargets): Answer {
  const ids = knownModelIds();
  const current = targets.model.current();
  const rows = [
    ...Object.entries(MODEL_ALIASES).map(([alias, id]) => modelRow(alias, id)),
    ...ids.map((id) => modelRow(id, id)),
    ...(ids.includes(current) ? [] : [modelRow(current, current)]),
  ];
  return { ok: { models: rows } };
}

/**
 * get_session_cost: `/cost`'s text for the session so far (a model of unknown price says so),
 * with the total and the usage per model it is made of.
 */
function sessionCost(targets: HostTargets): Answer {
  const { engine } = targets.session;
  const modelUsage = engine.modelUsage();
  return {
    ok: {
      text: costText(engine.totalCostUsd, { modelUsage }),
      total_cost_usd: engine.totalCostUsd,
      model_usage: modelUsage,
    },
  };
}

/** The requests about what the session spends and on which models. */
export const USAGE_HANDLERS: HostHandlers = {
  list_models: listModels,
  get_session_cost: sessionCost,
  // Its answer needs the lines the session added and removed, which keel does not count, and
  // a claude.ai plan's limits, which an API key has none of.
  get_usage: () => ({
    error:
      "get_usage: keel has no claude.ai account or plan limits to report and does not count the lines a session adds and removes; get_session_cost (or a result's total_cost_usd and modelUsage) gives the session's spend",
    code: "unsupported_request",
  }),
};
