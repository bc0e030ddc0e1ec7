import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { SDKUserMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { scriptedServer } from "../helpers/scripted.js";
import {
  collect,
  keelOptions,
  loadAgentSdk,
  resultsOf,
  userMessage,
  useSdkSandbox,
} from "./sdk-harness.js";

const sandbox = useSdkSandbox();

describe("the Agent SDK drives keel: sessions, in-process MCP, controls", () => {
  it("resumes a session by id: same session id, the earlier exchange is sent again", async () => {
    const { query } = await loadAgentSdk();
    const first = await scriptedServer({ turns: [{ content: "noted: the word is heron" }] });
    const one = await collect(
      query({
        prompt: "Remember the word heron.",
        options: keelOptions(sandbox(), first.url, { maxTurns: 1 }),
      }),
    );
    expect(one.error).toBeUndefined();
    const sessionId = resultsOf(one.messages)[0]!.session_id;
    const second = await scriptedServer({
      turns: [{ content: "unused" }, { content: "you told me heron" }],
    });
    const two = await collect(
      query({
        prompt: "Which word did I tell you?",
        options: keelOptions(sandbox(), second.url, { maxTurns: 1, resume: sessionId }),
      }),
    );
    expect(two.error).toBeUndefined();
    const result = resultsOf(two.messages)[0];
    expect(result).toMatchObject({
      subtype: "success",
      result: "you told me heron",
      session_id: sessionId,
    });
    const body = JSON.stringify(second.requests[0]?.body);
    expect(body).toContain("Remember the word heron.");
    expect(body).toContain("noted: the word is heron");
  });

  it("calls a tool of an in-process SDK MCP server as mcp__<server>__<tool>", async () => {
    const { query, createSdkMcpServer, tool } = await loadAgentSdk();
    const calls: Array<{ a: number; b: number }> = [];
    const probe = createSdkMcpServer({
      name: "probe",
      version: "1.0.0",
      tools: [
        tool("add", "Add two numbers", { a: z.number(), b: z.number() }, async (args) => {
          calls.push(args);
          return { content: [{ type: "text", text: String(args.a + args.b) }] };
        }),
      ],
    });
    const server = await scriptedServer({
      turns: [
        { content: [{ type: "tool_use", name: "mcp__probe__add", input: { a: 2, b: 3 } }] },
        { content: "2 + 3 = 5" },
      ],
    });
    const run = await collect(
      query({
        prompt: "Add 2 and 3 with the probe tool.",
        options: keelOptions(sandbox(), server.url, {
          maxTurns: 3,
          mcpServers: { probe },
          allowedTools: ["mcp__probe__add"],
          permissionMode: "default",
        }),
      }),
    );
    expect(run.error).toBeUndefined();
    expect(calls).toEqual([{ a: 2, b: 3 }]);
    const init = run.messages.find((m) => m.type === "system" && m.subtype === "init");
    expect(init).toMatchObject({ mcp_servers: [{ name: "probe", status: "connected" }] });
    expect(init && "tools" in init ? init.tools : []).toContain("mcp__probe__add");
    const toolResult = JSON.stringify(server.requests[1]?.body);
    expect(toolResult).toMatch(/"tool_result".*5/);
  });

  it("switches permission mode and model before the first message: the Edit is not asked for, the model changes", async () => {
    const { query } = await loadAgentSdk();
    const file = join(sandbox().cwd, "notes.txt");
    await writeFile(file, "draft\n");
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
        { content: "done" },
      ],
    });
    const asked: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    async function* prompts(): AsyncGenerator<SDKUserMessage> {
      await gate;
      yield userMessage("Edit notes.txt");
    }
    const q = query({
      prompt: prompts(),
      options: keelOptions(sandbox(), server.url, {
        permissionMode: "default",
        canUseTool: async (name) => {
          asked.push(name);
          return { behavior: "deny", message: "not in this test" };
        },
      }),
    });
    expect(await q.initializationResult()).toBeTypeOf("object");
    await q.setPermissionMode("acceptEdits");
    await q.setModel("claude-sonnet-4-5");
    release();
    const run = await collect(q);
    expect(run.error).toBeUndefined();
    expect(asked).toEqual([]);
    expect(await readFile(file, "utf8")).toBe("final\n");
    expect(server.requests.length).toBe(3);
    for (const request of server.requests) {
      expect((request.body as { model?: string }).model).toBe("claude-sonnet-4-5");
    }
    const status = run.messages.find((m) => m.type === "system" && m.subtype === "status");
    expect(status).toMatchObject({ permissionMode: "acceptEdits" });
  });
});
