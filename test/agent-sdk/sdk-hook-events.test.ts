import type { HookInput, SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import { collect, keelOptions, loadAgentSdk, useSdkSandbox } from "./sdk-harness.js";

const sandbox = useSdkSandbox();

const hookMessages = (messages: readonly SDKMessage[]) =>
  messages.filter(
    (m) =>
      m.type === "system" &&
      (m.subtype === "hook_started" ||
        m.subtype === "hook_progress" ||
        m.subtype === "hook_response"),
  );

async function run(includeHookEvents: boolean) {
  const { query } = await loadAgentSdk();
  const server = await scriptedServer({ turns: [{ content: "Hello." }] });
  const seen: string[] = [];
  const onPrompt = async (input: HookInput) => {
    seen.push(input.hook_event_name);
    return { continue: true };
  };
  return {
    seen,
    ...(await collect(
      query({
        prompt: "hi",
        options: keelOptions(sandbox(), server.url, {
          includeHookEvents,
          hooks: { UserPromptSubmit: [{ hooks: [onPrompt] }] },
        }),
      }),
    )),
  };
}

describe("the Agent SDK's includeHookEvents", () => {
  it("delivers hook_started and hook_response for a callback hook, with the session's id", async () => {
    const { messages, error, seen } = await run(true);
    expect(error).toBeUndefined();
    expect(seen).toEqual(["UserPromptSubmit"]);
    const hooks = hookMessages(messages);
    expect(hooks.map((m) => (m.type === "system" ? m.subtype : ""))).toEqual([
      "hook_started",
      "hook_response",
    ]);
    const [started, response] = hooks;
    const sessionId = messages.find((m) => m.type === "result")?.session_id;
    expect(started).toMatchObject({
      hook_name: "UserPromptSubmit",
      hook_event: "UserPromptSubmit",
      session_id: sessionId,
    });
    expect(response).toMatchObject({
      hook_id: Reflect.get(started!, "hook_id"),
      hook_event: "UserPromptSubmit",
      outcome: "success",
      exit_code: 0,
      stdout: JSON.stringify({ continue: true }),
    });
  });

  it("delivers none without it", async () => {
    const { messages, error, seen } = await run(false);
    expect(error).toBeUndefined();
    expect(seen).toEqual(["UserPromptSubmit"]);
    expect(hookMessages(messages)).toEqual([]);
  });
});
