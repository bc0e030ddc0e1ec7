import type { HookInput } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import { collect, keelOptions, loadAgentSdk, userMessage, useSdkSandbox } from "./sdk-harness.js";

const sandbox = useSdkSandbox();

async function switchWith(decision: "allow" | "deny") {
  const { query } = await loadAgentSdk();
  const server = await scriptedServer({ turns: [{ content: "Hello." }] });
  const seen: HookInput[] = [];
  const record = async (input: HookInput) => {
    seen.push(input);
    if (input.hook_event_name !== "PreModelSwitch" || decision === "allow") return {};
    return {
      hookSpecificOutput: {
        hookEventName: "PreModelSwitch" as const,
        permissionDecision: "deny" as const,
        permissionDecisionReason: "stay on the big model",
      },
    };
  };
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  async function* prompts() {
    await gate;
    yield userMessage("hi");
  }
  const q = query({
    prompt: prompts(),
    options: keelOptions(sandbox(), server.url, {
      model: "claude-sonnet-5",
      hooks: {
        PreModelSwitch: [{ hooks: [record] }],
        PostModelSwitch: [{ hooks: [record] }],
      },
    }),
  });
  await q.initializationResult();
  const switched = await q.setModel("claude-haiku-4-5").then(
    () => undefined,
    (error: Error) => error,
  );
  release();
  const run = await collect(q);
  return { seen, switched, run, server };
}

describe("Pre/PostModelSwitch around the SDK's setModel", () => {
  it("fire before and after the switch, field by field; the next request uses the new model", async () => {
    const { seen, switched, run, server } = await switchWith("allow");
    expect(switched).toBeUndefined();
    expect(run.error).toBeUndefined();
    expect(seen.map((i) => i.hook_event_name)).toEqual(["PreModelSwitch", "PostModelSwitch"]);
    for (const input of seen) {
      expect(input).toMatchObject({
        from_model: "claude-sonnet-5",
        to_model: "claude-haiku-4-5",
        requested_model: "claude-haiku-4-5",
        context_tokens: 0,
        source: "sdk",
        cwd: sandbox().cwd,
        prompt_cache_warm: false,
        cache_ttl: "5m",
        estimated_cache_write_usd: 0,
        pricing: "catalog",
      });
    }
    expect((server.requests[0]!.body as { model: string }).model).toBe("claude-haiku-4-5");
  });

  it("a PreModelSwitch deny refuses the switch with its reason; PostModelSwitch does not fire", async () => {
    const { seen, switched, server } = await switchWith("deny");
    expect(switched?.message).toContain("stay on the big model");
    expect(seen.map((i) => i.hook_event_name)).toEqual(["PreModelSwitch"]);
    expect((server.requests[0]!.body as { model: string }).model).toBe("claude-sonnet-5");
  });
});
