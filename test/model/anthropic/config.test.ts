import { describe, expect, it } from "vitest";
import { anthropicConfigFromEnv } from "../../../src/model/anthropic/config.js";

describe("Anthropic settings from the environment", () => {
  it("reads the API key, auth token and base URL", () => {
    expect(
      anthropicConfigFromEnv({
        ANTHROPIC_API_KEY: "sk-1",
        ANTHROPIC_AUTH_TOKEN: "tok-1",
        ANTHROPIC_BASE_URL: "http://127.0.0.1:9/gateway",
      }),
    ).toEqual({ apiKey: "sk-1", authToken: "tok-1", baseURL: "http://127.0.0.1:9/gateway" });
  });

  it("treats unset and blank variables alike and trims values", () => {
    expect(anthropicConfigFromEnv({})).toEqual({});
    expect(
      anthropicConfigFromEnv({ ANTHROPIC_API_KEY: "  ", ANTHROPIC_AUTH_TOKEN: " tok \n" }),
    ).toEqual({ authToken: "tok" });
  });

  it("ignores variables of other providers", () => {
    expect(anthropicConfigFromEnv({ OPENAI_API_KEY: "sk-o", CLAUDE_API_KEY: "x" })).toEqual({});
  });
});
