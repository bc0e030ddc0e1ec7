import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import { collect, keelOptions, loadAgentSdk, resultsOf, useSdkSandbox } from "./sdk-harness.js";

const sandbox = useSdkSandbox(async (s) => {
  await writeFile(join(s.cwd, "notes.txt"), "This is the draft of the notes.\n");
});

const readThenEdit = (cwd: string, finalText: string) => ({
  turns: [
    { content: [{ type: "tool_use", name: "Read", input: { file_path: join(cwd, "notes.txt") } }] },
    {
      content: [
        {
          type: "tool_use",
          name: "Edit",
          input: { file_path: join(cwd, "notes.txt"), old_string: "draft", new_string: "final" },
        },
      ],
    },
    { content: finalText },
  ],
});

describe("the Agent SDK drives keel: a string prompt, permissions, max turns", () => {
  it("runs a simple query: init first, Read and Edit succeed, one successful result, exit 0", async () => {
    const { query } = await loadAgentSdk();
    const server = await scriptedServer(readThenEdit(sandbox().cwd, "Done: final."));
    const run = await collect(
      query({
        prompt: "In notes.txt, change the word draft to final.",
        options: keelOptions(sandbox(), server.url, {
          maxTurns: 3,
          permissionMode: "bypassPermissions",
          allowDangerouslySkipPermissions: true,
        }),
      }),
    );
    expect(run.error).toBeUndefined();
    const { messages } = run;
    expect(messages[0]).toMatchObject({ type: "system", subtype: "init" });
    const results = resultsOf(messages);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      subtype: "success",
      is_error: false,
      result: "Done: final.",
    });
    expect(typeof results[0]?.total_cost_usd).toBe("number");
    expect(new Set(messages.map((m) => m.session_id)).size).toBe(1);
    expect(messages.some((m) => m.type === "stream_event")).toBe(false);
    expect(await readFile(join(sandbox().cwd, "notes.txt"), "utf8")).toContain("final");
    expect(server.violations).toEqual([]);
  });

  it("turns a canUseTool deny into an error tool_result and a permission denial; the file stays", async () => {
    const { query } = await loadAgentSdk();
    const server = await scriptedServer(readThenEdit(sandbox().cwd, "I could not edit it."));
    const asked: Array<{ tool: string; input: Record<string, unknown>; toolUseID: string }> = [];
    const run = await collect(
      query({
        prompt: "Edit notes.txt",
        options: keelOptions(sandbox(), server.url, {
          maxTurns: 5,
          permissionMode: "default",
          canUseTool: async (tool, input, { toolUseID }) => {
            asked.push({ tool, input, toolUseID });
            return { behavior: "deny", message: "Edits are not allowed here." };
          },
        }),
      }),
    );
    expect(run.error).toBeUndefined();
    expect(asked.map((a) => a.tool)).toEqual(["Edit"]);
    expect(asked[0]?.input).toMatchObject({ old_string: "draft", new_string: "final" });
    const toolResults = JSON.stringify(server.requests[2]?.body);
    expect(toolResults).toContain("Edits are not allowed here.");
    const result = resultsOf(run.messages)[0];
    expect(result?.permission_denials.map((d) => d.tool_name)).toEqual(["Edit"]);
    expect(result?.permission_denials[0]?.tool_use_id).toBe(asked[0]?.toolUseID);
    expect(await readFile(join(sandbox().cwd, "notes.txt"), "utf8")).toContain("draft");
  });

  it("runs the tool with the input canUseTool rewrote", async () => {
    const { query } = await loadAgentSdk();
    const server = await scriptedServer(readThenEdit(sandbox().cwd, "Edited."));
    const run = await collect(
      query({
        prompt: "Edit notes.txt",
        options: keelOptions(sandbox(), server.url, {
          maxTurns: 5,
          canUseTool: async (_tool, input) => ({
            behavior: "allow",
            updatedInput: { ...input, new_string: "REWRITTEN" },
          }),
        }),
      }),
    );
    expect(run.error).toBeUndefined();
    expect(await readFile(join(sandbox().cwd, "notes.txt"), "utf8")).toContain("REWRITTEN");
  });

  it("ends with error_max_turns at maxTurns; keel exits 1 so the SDK throws the error result", async () => {
    const { query } = await loadAgentSdk();
    const server = await scriptedServer(readThenEdit(sandbox().cwd, "never reached"));
    const run = await collect(
      query({
        prompt: "Edit notes.txt",
        options: keelOptions(sandbox(), server.url, {
          maxTurns: 1,
          permissionMode: "bypassPermissions",
          allowDangerouslySkipPermissions: true,
        }),
      }),
    );
    const result = resultsOf(run.messages)[0];
    expect(result).toMatchObject({ subtype: "error_max_turns", is_error: true });
    expect(run.error?.message).toContain("Claude Code returned an error result");
    expect(run.error?.message).toContain("maximum number of turns (1)");
    expect(server.requests).toHaveLength(1);
  });
});
