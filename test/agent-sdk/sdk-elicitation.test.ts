import { fileURLToPath } from "node:url";
import type { ElicitationRequest } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import { collect, keelOptions, loadAgentSdk, resultsOf, useSdkSandbox } from "./sdk-harness.js";

const sandbox = useSdkSandbox();
const SERVER = fileURLToPath(new URL("../fixtures/mcp/elicit-server.mjs", import.meta.url));
const TOOL = "mcp__asker__ask_name";

describe("the Agent SDK's onElicitation answers an MCP server's request for input", () => {
  it("keel asks the host over an elicitation control request and sends its answer to the server", async () => {
    const { query } = await loadAgentSdk();
    const server = await scriptedServer({
      turns: [{ content: [{ type: "tool_use", name: TOOL, input: {} }] }, { content: "done" }],
    });
    const asked: ElicitationRequest[] = [];
    const run = await collect(
      query({
        prompt: "ask me",
        options: keelOptions(sandbox(), server.url, {
          maxTurns: 3,
          allowedTools: [TOOL],
          mcpServers: { asker: { command: process.execPath, args: [SERVER] } },
          onElicitation: async (request) => {
            asked.push(request);
            return { action: "accept", content: { name: "Grace" } };
          },
        }),
      }),
    );
    expect(run.error).toBeUndefined();
    expect(resultsOf(run.messages).at(-1)?.subtype).toBe("success");
    expect(asked).toEqual([
      expect.objectContaining({
        serverName: "asker",
        message: "What is your name?",
        mode: "form",
        requestedSchema: expect.objectContaining({ required: ["name"] }),
      }),
    ]);
    expect(JSON.stringify(server.requests[1]?.body)).toContain(
      'answer: {\\"action\\":\\"accept\\",\\"content\\":{\\"name\\":\\"Grace\\"}}',
    );
    expect(server.violations).toEqual([]);
  });
});
