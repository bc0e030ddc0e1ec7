import { DEFAULT_MODEL } from "../../model/catalog.js";
import { parseModelString } from "../../model/model-string.js";
import { searchBackendChoice } from "../web-search-backend.js";
import type { DoctorContext } from "./context.js";
import type { DoctorSettings } from "./doctor-settings.js";
import type { DoctorCheckOf } from "./report.js";

/**
 * Whether WebSearch is offered and how it searches: the Anthropic API's server-side search, or
 * keel's `webSearch` service on other providers. A service named but unusable fails the check;
 * none named on an `openai:` model passes, saying the tool is left out and how to add one.
 */
export async function checkWebSearch(
  context: Pick<DoctorContext, "env">,
  settings: DoctorSettings,
): Promise<DoctorCheckOf<"web-search">> {
  const selection = parseModelString(
    context.env.ANTHROPIC_MODEL ?? settings.trusted.model ?? DEFAULT_MODEL,
  );
  const base = { id: "web-search" as const, details: [] };
  if (selection.provider !== "openai") {
    return { ...base, ok: true, offered: true, summary: "the API's server-side web search" };
  }
  const choice = await searchBackendChoice(context.env);
  if (choice.kind === "backend") {
    const summary = `${choice.backend.name} at ${choice.where}`;
    return { ...base, ok: true, offered: true, summary, backend: choice.backend.name };
  }
  if (choice.kind === "unusable") {
    return { ...base, ok: false, offered: false, summary: `WebSearch is left out: ${choice.why}` };
  }
  return {
    ...base,
    ok: true,
    offered: false,
    summary:
      "WebSearch is left out: an openai: model has no server-side search and keel's settings name no webSearch service (docs/configuration.md)",
  };
}
