import { describe, expect, it } from "vitest";
import { classifyFailure } from "../../../src/model/classify.js";

const vllmOld = (messages: number, completion: number) => ({
  object: "error",
  message: `This model's maximum context length is 4096 tokens. However, you requested ${messages + completion} tokens (${messages} in the messages, ${completion} in the completion). Please reduce the length of the messages or completion.`,
  type: "BadRequestError",
  param: null,
  code: 400,
});

describe("classifying context overflows of OpenAI-compatible servers", () => {
  it("reads older vLLM's breakdown as a max_tokens overflow when the messages fit", () => {
    const error = classifyFailure({ status: 400, body: vllmOld(3000, 2000) });
    expect(error.info).toEqual({
      kind: "max_output_tokens",
      inputTokens: 3000,
      maxTokens: 2000,
      limitTokens: 4096,
    });
  });

  it("reads older vLLM's breakdown as prompt_too_long when the messages alone fill the window", () => {
    const error = classifyFailure({ status: 400, body: vllmOld(5000, 100) });
    expect(error.info).toEqual({ kind: "prompt_too_long", actualTokens: 5000, limitTokens: 4096 });
  });

  it("reads vLLM's max_tokens overflow as prompt_too_long when the input alone fills the window", () => {
    const message =
      "'max_tokens' or 'max_completion_tokens' is too large: 512. This model's maximum context length is 4096 tokens and your request has 4096 input tokens (512 > 4096 - 4096). None";
    const error = classifyFailure({
      status: 400,
      body: { error: { message, type: "BadRequestError", code: 400 } },
    });
    expect(error.info).toEqual({ kind: "prompt_too_long", actualTokens: 4096, limitTokens: 4096 });
  });

  it("reads an OpenAI in-stream server_error, which has no status, as server", () => {
    const error = classifyFailure({
      body: { message: "The server had an error", type: "server_error" },
    });
    expect(error.kind).toBe("server");
  });
});
