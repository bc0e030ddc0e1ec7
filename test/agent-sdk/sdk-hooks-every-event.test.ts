import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { HookCallbackMatcher, HookEvent, HookInput } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import { collect, keelOptions, loadAgentSdk, resultsOf, useSdkSandbox } from "./sdk-harness.js";

const sandbox = useSdkSandbox(async (s) => {
  await writeFile(join(s.cwd, "notes.txt"), "notes\n");
});

describe("the Agent SDK's hook callbacks, one for each of the SDK's HOOK_EVENTS", () => {
  it("are all accepted, and each fires at its own event with that event's input", async () => {
    const { query, HOOK_EVENTS } = await loadAgentSdk();
    const server = await scriptedServer({
      turns: [
        { content: [{ type: "tool_use", name: "Read", input: { file_path: "notes.txt" } }] },
        { content: "Read it." },
      ],
    });
    const fired: Array<{ registered: HookEvent; input: HookInput }> = [];
    const hooks = Object.fromEntries(
      HOOK_EVENTS.map((event): [HookEvent, HookCallbackMatcher[]] => [
        event,
        [
          {
            hooks: [
              async (input) => {
                fired.push({ registered: event, input });
                return { continue: true };
              },
            ],
          },
        ],
      ]),
    );
    const run = await collect(
      query({
        prompt: "Read notes.txt",
        options: keelOptions(sandbox(), server.url, { maxTurns: 4, hooks }),
      }),
    );
    expect(run.error).toBeUndefined();
    expect(resultsOf(run.messages)[0]).toMatchObject({ subtype: "success" });
    expect(HOOK_EVENTS).toHaveLength(34);
    for (const { registered, input } of fired) {
      expect(input.hook_event_name).toBe(registered);
      expect(input.cwd).toBe(sandbox().cwd);
    }
    const events = new Set(fired.map((f) => f.registered));
    for (const event of [
      "SessionStart",
      "UserPromptSubmit",
      "PreToolUse",
      "PostToolUse",
      "PostToolBatch",
      "Stop",
    ] as const) {
      expect(events).toContain(event);
    }
    const pre = fired.find((f) => f.registered === "PreToolUse")?.input;
    expect(pre).toMatchObject({ tool_name: "Read", tool_input: { file_path: "notes.txt" } });
  });
});
