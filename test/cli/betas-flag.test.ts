import { describe, expect, it } from "vitest";
import { headerProxy } from "../helpers/header-proxy.js";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

describe("--betas", () => {
  it("sends the betas as the anthropic-beta header of every request, comma-joined", async () => {
    const server = await scriptedServer({ turns: [{ content: "Hello." }] });
    const proxy = await headerProxy(server.url);
    const env = { ...anthropicEnv(server), ANTHROPIC_BASE_URL: proxy.url };
    const run = await runKeel(
      ["-p", "hi", "--betas", "context-1m-2025-08-07", "--betas=interleaved-thinking-2025-05-14"],
      { env },
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("Hello.\n");
    expect(proxy.headers.length).toBeGreaterThan(0);
    for (const headers of proxy.headers) {
      expect(headers["anthropic-beta"]).toBe(
        "context-1m-2025-08-07,interleaved-thinking-2025-05-14",
      );
    }
    expect(server.violations).toEqual([]);
  });

  it("sends no anthropic-beta header without the flag", async () => {
    const server = await scriptedServer({ turns: [{ content: "Hello." }] });
    const proxy = await headerProxy(server.url);
    await runKeel(["-p", "hi"], {
      env: { ...anthropicEnv(server), ANTHROPIC_BASE_URL: proxy.url },
    });
    expect(proxy.headers[0]?.["anthropic-beta"]).toBeUndefined();
  });
});
