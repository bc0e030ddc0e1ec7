import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { HookInput } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import { collect, keelOptions, loadAgentSdk, resultsOf, useSdkSandbox } from "./sdk-harness.js";

const sandbox = useSdkSandbox(async (s) => {
  await writeFile(join(s.cwd, "notes.txt"), "This is the draft.\n");
});

describe("the Agent SDK's hook callbacks run as keel hooks", () => {
  it("fires PreToolUse for each tool (matcher honoured), PostToolUse after success, and a hook deny blocks the Edit", async () => {
    const { query } = await loadAgentSdk();
    const file = join(sandbox().cwd, "notes.txt");
    const server = await scriptedServer({
      turns: [
        { content: [{ type: "tool_use", name: "Read", input: { file_path: file } }] },
        {
          content: [
            {
              type: "tool_use",
              name: "Edit",
              input: { file_path: file, old_string: "draft", new_string: "final" },
            },
          ],
        },
        { content: "The hook stopped me." },
      ],
    });
    const seen: Array<{
      hook: string;
      event: string;
      tool: unknown;
      toolUseID: string | undefined;
    }> = [];
    const record = (hook: string) => async (input: HookInput, toolUseID: string | undefined) => {
      seen.push({
        hook,
        event: input.hook_event_name,
        tool: Reflect.get(input, "tool_name"),
        toolUseID,
      });
      expect(input.cwd).toBe(sandbox().cwd);
      expect(typeof input.session_id).toBe("string");
      if (hook === "edit-guard") {
        return {
          hookSpecificOutput: {
            hookEventName: "PreToolUse" as const,
            permissionDecision: "deny" as const,
            permissionDecisionReason: "blocked by the test hook",
          },
        };
      }
      if (input.hook_event_name === "PostToolUse") expect(input.tool_response).toBeDefined();
      return { continue: true };
    };
    const run = await collect(
      query({
        prompt: "Edit notes.txt",
        options: keelOptions(sandbox(), server.url, {
          maxTurns: 5,
          permissionMode: "bypassPermissions",
          allowDangerouslySkipPermissions: true,
          hooks: {
            PreToolUse: [
              { matcher: "Edit", hooks: [record("edit-guard")] },
              { hooks: [record("pre-all")] },
            ],
            PostToolUse: [{ hooks: [record("post-all")] }],
          },
        }),
      }),
    );
    expect(run.error).toBeUndefined();
    const summary = seen.map((s) => `${s.hook}:${s.event}:${String(s.tool)}`).sort();
    expect(summary).toEqual(
      [
        "edit-guard:PreToolUse:Edit",
        "post-all:PostToolUse:Read",
        "pre-all:PreToolUse:Edit",
        "pre-all:PreToolUse:Read",
      ].sort(),
    );
    expect(
      seen.every((s) => typeof s.toolUseID === "string" && s.toolUseID.startsWith("toolu_")),
    ).toBe(true);
    expect(JSON.stringify(server.requests[2]?.body)).toContain(
      "PreToolUse:Edit hook error: blocked by the test hook",
    );
    expect(resultsOf(run.messages)[0]).toMatchObject({ subtype: "success" });
    expect(await readFile(file, "utf8")).toContain("draft");
  });
});
