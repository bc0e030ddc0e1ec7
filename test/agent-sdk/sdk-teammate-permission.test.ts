import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { SDKUserMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
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

const SESSION_ID = "5c1d2e3f-4a5b-4c6d-8e7f-901234567890";

describe("a teammate's permission request through the Agent SDK", () => {
  it("reaches canUseTool with the teammate's agentID, and the host's allow lets its call run", async () => {
    const { query } = await loadAgentSdk();
    const file = join(sandbox().cwd, "from-alice.txt");
    const server = await scriptedServer({
      turns: [
        {
          content: [
            {
              type: "tool_use",
              name: "Agent",
              input: { description: "Write", prompt: "Write the file.", name: "alice" },
            },
          ],
        },
        { content: "alice is on it." },
        { content: "Noted." },
        { content: "Noted." },
        { content: "Noted." },
      ],
      agents: {
        alice: {
          turns: [
            {
              content: [
                { type: "tool_use", name: "Write", input: { file_path: file, content: "hi\n" } },
              ],
            },
            { content: "Written." },
          ],
        },
      },
    });
    const asked: Array<{ toolName: string; agentID: string | undefined }> = [];
    // The host keeps its input open until the teammate is done, as a host that runs a team
    // does: the permission channel lives as long as the input.
    let teammateDone = () => {};
    const done = new Promise<void>((resolve) => {
      teammateDone = resolve;
    });
    async function* prompts(): AsyncGenerator<SDKUserMessage> {
      yield userMessage("Have alice write the file.");
      await done;
    }
    const base = keelOptions(sandbox(), server.url);
    const run = collect(
      query({
        prompt: prompts(),
        options: {
          ...base,
          sessionId: SESSION_ID,
          env: {
            ...base.env,
            CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS: "1",
            KEEL_TEAMMATE_POLL_MS: "10",
            KEEL_TEAM_LEAD_POLL_MS: "10",
          },
          canUseTool: async (toolName, input, options) => {
            asked.push({ toolName, agentID: options.agentID });
            return { behavior: "allow", updatedInput: input };
          },
        },
      }),
    );
    // Once alice's call has run, the host ends its input and the session ends.
    while (!(await readFile(file, "utf8").catch(() => ""))) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    teammateDone();
    const { messages, error } = await run;
    expect(error).toBeUndefined();
    expect(asked).toEqual([{ toolName: "Write", agentID: "alice@session-5c1d2e3f" }]);
    expect(await readFile(file, "utf8")).toBe("hi\n");
    expect(resultsOf(messages)[0]?.is_error).toBe(false);
  });
});
