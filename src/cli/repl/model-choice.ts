import { parseModelString } from "../../model/model-string.js";
import { errorText } from "./error-text.js";

/** A model a person asked for with `/model <name>`, or why the session cannot switch to it. */
export type ModelChoice = { ok: true; model: string | undefined } | { ok: false; problem: string };

/**
 * Checks `/model <name>`: aliases resolve to ids, `default` goes back to the session's first
 * model; a model another backend serves needs a restart (the session keeps its provider).
 */
export function chooseModel(text: string, providerName: string): ModelChoice {
  const wanted = text.trim();
  if (wanted === "default") return { ok: true, model: undefined };
  let selection: ReturnType<typeof parseModelString>;
  try {
    selection = parseModelString(wanted);
  } catch (error) {
    return { ok: false, problem: errorText(error) };
  }
  if (selection.provider === "scripted" || selection.provider !== providerName) {
    return {
      ok: false,
      problem: `${wanted} is not served by this session's ${providerName} backend: restart with keel --model ${wanted}`,
    };
  }
  return { ok: true, model: selection.model };
}
