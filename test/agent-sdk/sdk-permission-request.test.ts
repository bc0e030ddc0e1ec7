import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { HookInput } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import { collect, keelOptions, loadAgentSdk, resultsOf, useSdkSandbox } from "./sdk-harness.js";

const sandbox = useSdkSandbox();

async function run(decision: { behavior: "allow" } | { behavior: "deny"; message: string } | null) {
  const { query } = await loadAgentSdk();
  const file = join(sandbox().cwd, "out.txt");
  const server = await scriptedServer({
    turns: [
      { content: [{ type: "tool_use", name: "Write", input: { file_path: file, content: "hi" } }] },
      { content: "Done." },
    ],
  });
  const hookInputs: HookInput[] = [];
  const asked: string[] = [];
  const result = await collect(
    query({
      prompt: "write it",
      options: keelOptions(sandbox(), server.url, {
        hooks: {
          PermissionRequest: [
            {
              hooks: [
                async (input) => {
                  hookInputs.push(input);
                  if (decision === null) return {};
                  return {
                    hookSpecificOutput: { hookEventName: "PermissionRequest" as const, decision },
                  };
                },
              ],
            },
          ],
        },
        canUseTool: async (toolName) => {
          asked.push(toolName);
          return { behavior: "deny", message: "the person said no" };
        },
      }),
    }),
  );
  return { ...result, hookInputs, asked, file, server };
}

describe("PermissionRequest hooks before the SDK's canUseTool", () => {
  it("a hook's allow runs the call without asking canUseTool; the hook gets the call's fields", async () => {
    const { error, messages, hookInputs, asked, file } = await run({ behavior: "allow" });
    expect(error).toBeUndefined();
    expect(asked).toEqual([]);
    expect(await readFile(file, "utf8")).toBe("hi");
    expect(hookInputs).toHaveLength(1);
    expect(hookInputs[0]).toMatchObject({
      hook_event_name: "PermissionRequest",
      tool_name: "Write",
      tool_input: { file_path: file, content: "hi" },
      session_id: resultsOf(messages)[0]?.session_id,
    });
  });

  it("a hook's deny refuses it without asking; no decision asks canUseTool as before", async () => {
    const denied = await run({ behavior: "deny", message: "not today" });
    expect(denied.asked).toEqual([]);
    expect(JSON.stringify(denied.server.requests[1]?.body)).toContain("not today");
    await expect(readFile(denied.file, "utf8")).rejects.toThrow();
    const undecided = await run(null);
    expect(undecided.hookInputs).toHaveLength(1);
    expect(undecided.asked).toEqual(["Write"]);
    expect(JSON.stringify(undecided.server.requests[1]?.body)).toContain("the person said no");
  });
});
