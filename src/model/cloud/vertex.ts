import type { AnthropicVertex } from "@anthropic-ai/vertex-sdk";
import type { GoogleAuth } from "google-auth-library";
import { type ClientSettings, commonClientOptions } from "../anthropic/client.js";
import { ModelError } from "../errors.js";
import type { Env } from "../select.js";
import type { CloudClient } from "./client.js";
import { envSetting, isEnvTruthy } from "./which.js";

type AuthClient = NonNullable<
  NonNullable<ConstructorParameters<typeof AnthropicVertex>[0]>["authClient"]
>;

/**
 * An auth client that adds no headers, for CLAUDE_CODE_SKIP_VERTEX_AUTH (a gateway signs the
 * requests). The Vertex client asks only for `getRequestHeaders()` and `projectId`, so this
 * small object stands in for google-auth-library's class.
 */
function noAuth(): AuthClient {
  const client = { projectId: null, getRequestHeaders: async () => new Headers() };
  return client as unknown as AuthClient;
}

/**
 * How requests are signed: not at all (CLAUDE_CODE_SKIP_VERTEX_AUTH), with the service-account
 * key GOOGLE_APPLICATION_CREDENTIALS names (read from keel's environment, settings' `env`
 * included), else by Google's Application Default Credentials as the package finds them.
 */
async function vertexAuth(
  env: Env,
): Promise<{ authClient: AuthClient } | { googleAuth: GoogleAuth } | Record<string, never>> {
  if (isEnvTruthy(env.CLAUDE_CODE_SKIP_VERTEX_AUTH)) return { authClient: noAuth() };
  const keyFile = envSetting(env, "GOOGLE_APPLICATION_CREDENTIALS");
  if (!keyFile) return {};
  const { serviceAccountAuth } = await import("./vertex-auth.js");
  return { googleAuth: await serviceAccountAuth(keyFile) };
}

/**
 * The body's `anthropic_version` Vertex AI takes. The SDK would copy the first-party
 * `anthropic-version` header there instead.
 */
export const VERTEX_API_VERSION = "vertex-2023-10-16";

function missing(name: string, what: string): ModelError {
  return new ModelError({ kind: "other" }, `Vertex AI needs ${name} (${what})`);
}

/**
 * The Vertex AI client, from `@anthropic-ai/vertex-sdk` (loaded only now): CLOUD_ML_REGION and
 * ANTHROPIC_VERTEX_PROJECT_ID as Claude Code requires them, ANTHROPIC_VERTEX_BASE_URL for a
 * gateway; requests are signed as vertexAuth says.
 */
export async function vertexClient(env: Env, settings: ClientSettings): Promise<CloudClient> {
  const region = envSetting(env, "CLOUD_ML_REGION");
  if (!region) throw missing("CLOUD_ML_REGION", "the region, e.g. global or us-east5");
  const projectId = envSetting(env, "ANTHROPIC_VERTEX_PROJECT_ID");
  if (!projectId) throw missing("ANTHROPIC_VERTEX_PROJECT_ID", "the Google Cloud project");
  const { AnthropicVertex } = await import("@anthropic-ai/vertex-sdk");
  const errors = await import("@anthropic-ai/vertex-sdk/core/error");
  const baseURL = envSetting(env, "ANTHROPIC_VERTEX_BASE_URL");
  const common = commonClientOptions(settings);
  const auth = await vertexAuth(env);
  const client = new AnthropicVertex({
    ...common,
    defaultHeaders: { ...common.defaultHeaders, "anthropic-version": VERTEX_API_VERSION },
    region,
    projectId,
    ...(baseURL ? { baseURL } : {}),
    ...auth,
  });
  return { client, errors };
}
