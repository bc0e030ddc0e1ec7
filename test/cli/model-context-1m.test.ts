import { describe, expect, it } from "vitest";
import { headerProxy } from "../helpers/header-proxy.js";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

/** Runs keel -p through a header-recording proxy in front of a scripted server. */
async function run(args: string[]) {
  const server = await scriptedServer({ turns: [{ content: "Hello." }] });
  const proxy = await headerProxy(server.url);
  const env = { ...anthropicEnv(server), ANTHROPIC_BASE_URL: proxy.url };
  const done = await runKeel(["-p", "hi", "--output-format", "json", ...args], { env });
  const body = server.requests[0]?.body as { model?: string } | undefined;
  return { done, server, proxy, body };
}

describe("model strings with Claude Code's [1m] suffix", () => {
  it("opus[1m] sends claude-opus-5-5 with the 1M beta, priced as the model", async () => {
    const { done, server, proxy, body } = await run(["--model", "opus[1m]"]);
    expect(done.code).toBe(0);
    expect(body?.model).toBe("claude-opus-5-5");
    expect(proxy.headers[0]?.["anthropic-beta"]).toBe("context-1m-2025-08-07");
    const result = JSON.parse(done.stdout) as { total_cost_usd: number };
    expect(result.total_cost_usd).toBeGreaterThan(0);
    expect(server.violations).toEqual([]);
  });

  it("a 200k model takes [1m] too; --betas are kept beside the 1M beta", async () => {
    const { done, proxy, body } = await run([
      "--model",
      "claude-sonnet-4-6[1m]",
      "--betas",
      "interleaved-thinking-2025-05-14",
    ]);
    expect(done.code).toBe(0);
    expect(body?.model).toBe("claude-sonnet-4-6");
    expect(proxy.headers[0]?.["anthropic-beta"]).toBe(
      "interleaved-thinking-2025-05-14,context-1m-2025-08-07",
    );
  });

  it("a model without the suffix sends no 1M beta", async () => {
    const { done, proxy, body } = await run(["--model", "opus"]);
    expect(done.code).toBe(0);
    expect(body?.model).toBe("claude-opus-5-5");
    expect(proxy.headers[0]?.["anthropic-beta"]).toBeUndefined();
  });
});
