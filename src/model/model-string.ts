import { resolveModelAlias } from "./catalog.js";

/** Which backend a model string selects, and the model id that backend gets. */
export type ModelSelection =
  | { provider: "anthropic"; model: string }
  | { provider: "openai"; model: string }
  | { provider: "scripted"; scenarioPath: string; model: string };

/**
 * Parses a model string. `openai:<id>` selects an OpenAI-compatible server (OPENAI_BASE_URL),
 * `scripted:<scenario.json>` replays a scenario in process, `anthropic:<id>` or a bare id the
 * Anthropic Messages API; aliases (sonnet, opus, haiku) resolve to full ids.
 */
export function parseModelString(value: string): ModelSelection {
  const trimmed = value.trim();
  if (trimmed === "") throw new Error("the model name is empty");
  const colon = trimmed.indexOf(":");
  const prefix = colon > 0 ? trimmed.slice(0, colon) : "";
  const rest = trimmed.slice(colon + 1);
  switch (prefix) {
    case "openai":
      if (rest === "") throw new Error(`"${value}": name the model after "openai:"`);
      return { provider: "openai", model: rest };
    case "scripted":
      if (rest === "") throw new Error(`"${value}": name the scenario file after "scripted:"`);
      return { provider: "scripted", scenarioPath: rest, model: "scripted" };
    case "anthropic":
      if (rest === "") throw new Error(`"${value}": name the model after "anthropic:"`);
      return { provider: "anthropic", model: resolveModelAlias(rest) };
    default:
      return { provider: "anthropic", model: resolveModelAlias(trimmed) };
  }
}
