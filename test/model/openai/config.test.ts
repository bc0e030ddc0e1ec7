import { describe, expect, it } from "vitest";
import { openaiConfigFromEnv } from "../../../src/model/openai/config.js";

describe("the OpenAI-compatible configuration from the environment", () => {
  it("reads the base URL (with /v1) and the API key", () => {
    expect(
      openaiConfigFromEnv({
        OPENAI_BASE_URL: "http://127.0.0.1:8080/v1",
        OPENAI_API_KEY: "sk-local",
      }),
    ).toEqual({ baseURL: "http://127.0.0.1:8080/v1", apiKey: "sk-local" });
  });

  it("leaves unset and empty values out", () => {
    expect(openaiConfigFromEnv({ OPENAI_BASE_URL: "  ", OPENAI_API_KEY: "" })).toEqual({});
    expect(openaiConfigFromEnv({})).toEqual({});
  });
});
