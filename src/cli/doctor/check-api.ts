import { credentialHeaders } from "../../model/anthropic/client.js";
import { anthropicConfigFromEnv } from "../../model/anthropic/config.js";
import { DEFAULT_MODEL } from "../../model/catalog.js";
import { type ModelSelection, parseModelString } from "../../model/model-string.js";
import { OPENAI_DEFAULT_BASE_URL, openaiConfigFromEnv } from "../../model/openai/config.js";
import { loadScenario } from "../../model/scripted/scenario.js";
import type { DoctorContext } from "./context.js";
import type { DoctorSettings } from "./doctor-settings.js";
import { type ProbeRequest, probe } from "./http-probe.js";
import type { DoctorCheckOf } from "./report.js";

type Env = DoctorContext["env"];

const withoutSlash = (url: string) => url.replace(/\/+$/, "");

/**
 * The request that shows whether the API answers without spending tokens: Anthropic's token
 * count for the model (it checks the key and the model id), an OpenAI-compatible server's
 * model list.
 */
function requestFor(selection: ModelSelection, env: Env, timeoutMs: number): ProbeRequest {
  if (selection.provider === "openai") {
    const config = openaiConfigFromEnv(env);
    const auth: Record<string, string> = config.apiKey
      ? { authorization: `Bearer ${config.apiKey}` }
      : {};
    const url = `${withoutSlash(config.baseURL ?? OPENAI_DEFAULT_BASE_URL)}/models`;
    return { url, method: "GET", headers: auth, timeoutMs };
  }
  const config = anthropicConfigFromEnv(env);
  return {
    url: `${withoutSlash(config.baseURL ?? "https://api.anthropic.com")}/v1/messages/count_tokens`,
    method: "POST",
    headers: {
      "content-type": "application/json",
      "anthropic-version": "2023-06-01",
      ...credentialHeaders(config),
    },
    body: { model: selection.model, messages: [{ role: "user", content: "keel doctor" }] },
    timeoutMs,
  };
}

/** A scenario the model replays in process: no API to reach; the file must load. */
async function scriptedCheck(selection: ModelSelection & { provider: "scripted" }) {
  const base = {
    id: "api" as const,
    provider: "scripted",
    model: selection.scenarioPath,
    details: [],
  };
  try {
    await loadScenario(selection.scenarioPath);
    return { ...base, ok: true, summary: `scripted scenario ${selection.scenarioPath} (no API)` };
  } catch (error) {
    return { ...base, ok: false, summary: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Whether the model's API answers: one small request (no tokens spent) with a timeout. A 2xx
 * passes; any other status fails with the API's message, no answer with the network's cause.
 */
export async function checkApi(
  context: Pick<DoctorContext, "env" | "timeoutMs">,
  settings: DoctorSettings,
): Promise<DoctorCheckOf<"api">> {
  const { env } = context;
  const selection = parseModelString(
    env.ANTHROPIC_MODEL ?? settings.trusted.model ?? DEFAULT_MODEL,
  );
  if (selection.provider === "scripted") return scriptedCheck(selection);
  const request = requestFor(selection, env, context.timeoutMs);
  const base = {
    id: "api" as const,
    provider: selection.provider,
    model: selection.model,
    url: request.url,
  };
  const noKey =
    selection.provider === "anthropic" && !env.ANTHROPIC_API_KEY && !env.ANTHROPIC_AUTH_TOKEN
      ? ["neither ANTHROPIC_API_KEY nor ANTHROPIC_AUTH_TOKEN is set"]
      : [];
  const answer = await probe(request);
  if (answer.kind === "unanswered") {
    return { ...base, ok: false, summary: answer.text, details: noKey, cause: answer.cause };
  }
  const ok = answer.status >= 200 && answer.status < 300;
  const said = answer.message ? `: ${answer.message}` : "";
  const summary = ok
    ? `${request.url} answers (HTTP ${answer.status}) for ${selection.model}`
    : `HTTP ${answer.status} from ${request.url}${said}`;
  return { ...base, ok, summary, details: noKey, status: answer.status };
}
