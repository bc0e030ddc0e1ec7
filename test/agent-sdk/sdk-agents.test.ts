import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import { collect, keelOptions, loadAgentSdk, resultsOf, useSdkSandbox } from "./sdk-harness.js";

const sandbox = useSdkSandbox();

const REVIEWER_PROMPT = "You are the SDK-defined reviewer. Report only real problems.";

const reviewer = {
  description: "Reviews notes for problems.",
  prompt: REVIEWER_PROMPT,
  tools: ["Read", "Grep"],
};

type Body = { system?: unknown; tools?: Array<{ name: string; description?: string }> };

function bodiesOf(server: { requests: Array<{ body: unknown }> }): Body[] {
  return server.requests.map((request) => request.body as Body);
}

function systemText(body: Body): string {
  const system = body.system;
  if (typeof system === "string") return system;
  return (system as Array<{ text: string }>).map((block) => block.text).join("\n");
}

const bypass = {
  permissionMode: "bypassPermissions",
  allowDangerouslySkipPermissions: true,
} as const;

describe("the Agent SDK's agents and agent options drive keel", () => {
  it("runs the main thread as options.agent: its prompt is the system prompt, only its tools", async () => {
    const { query } = await loadAgentSdk();
    const server = await scriptedServer({ turns: [{ content: "Nothing to report." }] });
    const q = query({
      prompt: "Review the notes.",
      options: keelOptions(sandbox(), server.url, {
        ...bypass,
        agents: { reviewer },
        agent: "reviewer",
      }),
    });
    const agents = await q.supportedAgents();
    const run = await collect(q);
    expect(run.error).toBeUndefined();
    expect(server.violations).toEqual([]);
    expect(agents[0]).toEqual({ name: "reviewer", description: "Reviews notes for problems." });
    expect(agents.map((a) => a.name)).toContain("general-purpose");
    const [body] = bodiesOf(server);
    expect(systemText(body!).startsWith(REVIEWER_PROMPT)).toBe(true);
    expect(body!.tools?.map((t) => t.name)).toEqual(["Read", "Grep"]);
    const init = run.messages.find((m) => m.type === "system" && m.subtype === "init");
    expect(init).toMatchObject({ tools: ["Read", "Grep"] });
    expect((init as { agents?: string[] }).agents?.[0]).toBe("reviewer");
    expect(resultsOf(run.messages)[0]).toMatchObject({ is_error: false });
  });

  it("starts an SDK-defined agent through the Agent tool: the subagent request has its prompt", async () => {
    const { query } = await loadAgentSdk();
    const server = await scriptedServer({
      turnMode: "count",
      turns: [
        {
          content: [
            {
              type: "tool_use",
              name: "Agent",
              input: {
                description: "Review the notes",
                prompt: "Review the notes and report problems.",
                subagent_type: "reviewer",
                run_in_background: false,
              },
            },
          ],
        },
        { content: "The notes have no problems." },
        { content: "The reviewer found no problems." },
      ],
    });
    const run = await collect(
      query({
        prompt: "Have the reviewer look at the notes.",
        options: keelOptions(sandbox(), server.url, { ...bypass, agents: { reviewer } }),
      }),
    );
    expect(run.error).toBeUndefined();
    expect(server.violations).toEqual([]);
    const bodies = bodiesOf(server);
    expect(bodies).toHaveLength(3);
    const agentTool = bodies[0]!.tools?.find((t) => t.name === "Agent");
    expect(agentTool?.description).toContain(
      "- reviewer: Reviews notes for problems. (Tools: Read, Grep)",
    );
    expect(systemText(bodies[0]!)).not.toContain(REVIEWER_PROMPT);
    expect(systemText(bodies[1]!).startsWith(REVIEWER_PROMPT)).toBe(true);
    expect(bodies[1]!.tools?.map((t) => t.name)).toEqual(["Read", "Grep"]);
    expect(resultsOf(run.messages)[0]).toMatchObject({
      is_error: false,
      result: "The reviewer found no problems.",
    });
  });

  it("answers initialize with an error naming the agent and the field of a bad definition", async () => {
    const { query } = await loadAgentSdk();
    const server = await scriptedServer({ turns: [{ content: "never sent" }] });
    let stderr = "";
    const q = query({
      prompt: "Review the notes.",
      options: keelOptions(sandbox(), server.url, {
        agents: { reviewer: { ...reviewer, prompt: " " } },
        stderr: (text) => {
          stderr += text;
        },
      }),
    });
    await expect(q.initializationResult()).rejects.toThrow(
      "agents.reviewer.prompt: must not be empty",
    );
    const run = await collect(q);
    expect(run.error).toBeDefined();
    expect(stderr).toContain("agents.reviewer.prompt: must not be empty");
    expect(server.requests).toHaveLength(0);
  });

  it("answers initialize with an error listing the agents when options.agent names none", async () => {
    const { query } = await loadAgentSdk();
    const server = await scriptedServer({ turns: [{ content: "never sent" }] });
    const q = query({
      prompt: "Review the notes.",
      options: keelOptions(sandbox(), server.url, { agents: { reviewer }, agent: "nobody" }),
    });
    await expect(q.initializationResult()).rejects.toThrow(
      '--agent names the agent "nobody", which is not defined. Available agents: reviewer, general-purpose',
    );
    const run = await collect(q);
    expect(run.error).toBeDefined();
    expect(server.requests).toHaveLength(0);
  });
});
