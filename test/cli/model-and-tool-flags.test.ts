import { describe, expect, it } from "vitest";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

const hello = { turns: [{ content: "Hello." }] };

function firstBody(server: Awaited<ReturnType<typeof scriptedServer>>) {
  return server.requests[0]?.body as {
    thinking?: unknown;
    tools?: Array<{ name: string }>;
  };
}

describe("flags the Agent SDK passes for features keel has", () => {
  it("--max-thinking-tokens asks a model without adaptive thinking for that budget", async () => {
    const server = await scriptedServer(hello);
    const args = ["-p", "hi", "--model", "claude-haiku-4-5", "--max-thinking-tokens", "4000"];
    const run = await runKeel(args, {
      env: anthropicEnv(server),
    });
    expect(run.code).toBe(0);
    expect(firstBody(server).thinking).toEqual({ type: "enabled", budget_tokens: 4000 });
    expect(server.violations).toEqual([]);
  });

  it("--thinking disabled turns it off, and a bad value is refused", async () => {
    const server = await scriptedServer(hello);
    await runKeel(["-p", "hi", "--thinking", "disabled"], { env: anthropicEnv(server) });
    expect(firstBody(server).thinking).toEqual({ type: "disabled" });
    const bad = await runKeel(["-p", "hi", "--thinking", "lots"], { env: anthropicEnv(server) });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("--thinking must be adaptive, enabled or disabled");
  });

  it("--tools offers only the named built-in tools, and names the ones keel lacks", async () => {
    const server = await scriptedServer(hello);
    await runKeel(["-p", "hi", "--tools", "Read,Glob"], { env: anthropicEnv(server) });
    expect(firstBody(server).tools?.map((t) => t.name)).toEqual(["Read", "Glob"]);
    const bad = await runKeel(["-p", "hi", "--tools", "Read,Teleport"], {
      env: anthropicEnv(server),
    });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("--tools names Teleport");
  });
});
