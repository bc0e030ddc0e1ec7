import type { ClientSettings } from "../anthropic/client.js";
import { commonClientOptions } from "../anthropic/client.js";
import type { Env } from "../select.js";
import type { CloudClient } from "./client.js";
import { envSetting, isEnvTruthy } from "./which.js";

/**
 * The body's `anthropic_version` Bedrock takes (its only value). The SDK would copy the
 * first-party `anthropic-version` header there, which Bedrock refuses.
 */
export const BEDROCK_API_VERSION = "bedrock-2023-05-31";

/** Where Bedrock is reached: AWS_REGION (then AWS_DEFAULT_REGION), else us-east-1 as the SDK. */
export function bedrockRegion(env: Env): string {
  return envSetting(env, "AWS_REGION") ?? envSetting(env, "AWS_DEFAULT_REGION") ?? "us-east-1";
}

/** AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (both, else neither), with AWS_SESSION_TOKEN. */
function staticAwsKeys(env: Env) {
  const awsAccessKey = envSetting(env, "AWS_ACCESS_KEY_ID");
  const awsSecretKey = envSetting(env, "AWS_SECRET_ACCESS_KEY");
  if (!awsAccessKey || !awsSecretKey) return undefined;
  return {
    awsAccessKey,
    awsSecretKey,
    awsSessionToken: envSetting(env, "AWS_SESSION_TOKEN") ?? null,
  };
}

/**
 * The Bedrock client, from `@anthropic-ai/bedrock-sdk` (loaded only now). Credentials as Claude
 * Code takes them: AWS_BEARER_TOKEN_BEDROCK (a Bedrock API key, sent as a bearer token), else
 * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN) for SigV4, else the AWS
 * SDK's default chain (profiles, SSO, instance roles); none with CLAUDE_CODE_SKIP_BEDROCK_AUTH.
 * Every value is passed explicitly, so the SDK reads nothing from the process's environment
 * (the default chain aside).
 */
export async function bedrockClient(env: Env, settings: ClientSettings): Promise<CloudClient> {
  const { AnthropicBedrock } = await import("@anthropic-ai/bedrock-sdk");
  const errors = await import("@anthropic-ai/bedrock-sdk/core/error");
  const region = bedrockRegion(env);
  const common = commonClientOptions(settings);
  const options = {
    ...common,
    defaultHeaders: { ...common.defaultHeaders, "anthropic-version": BEDROCK_API_VERSION },
    awsRegion: region,
    baseURL:
      envSetting(env, "ANTHROPIC_BEDROCK_BASE_URL") ??
      `https://bedrock-runtime.${region}.amazonaws.com`,
    apiKey: envSetting(env, "AWS_BEARER_TOKEN_BEDROCK") ?? null,
    skipAuth: isEnvTruthy(env.CLAUDE_CODE_SKIP_BEDROCK_AUTH),
  };
  const keys = staticAwsKeys(env);
  const client = keys
    ? new AnthropicBedrock({ ...options, ...keys })
    : new AnthropicBedrock({ ...options, awsAccessKey: null, awsSecretKey: null });
  return { client, errors };
}
