import { describe, expect, it } from "vitest";
import { createScriptedProvider } from "../../../src/model/scripted/provider.js";
import type { ApiMessageParam } from "../../../src/protocol/api.js";
import {
  body,
  drain,
  HELLO,
  modelRequest,
  post,
  rejection,
  responseOf,
  scenarioOf,
  serve,
} from "./helpers.js";

/** Main, and two agents each with a script of its own (every request's turn by its history). */
const THREE_SCRIPTS = {
  name: "three-scripts",
  turns: [{ content: "Main one." }, { content: "Main two." }],
  agents: {
    reviewer: { turns: [{ content: "Reviewer one." }, { content: "Reviewer two." }] },
    tester: { turns: [{ content: "Tester one." }, { content: "Tester two." }] },
  },
};

/** A history with `n` completed assistant turns. */
function history(n: number): ApiMessageParam[] {
  const messages: ApiMessageParam[] = [...HELLO];
  for (let i = 0; i < n; i++) {
    messages.push({ role: "assistant", content: [{ type: "text", text: `answer ${i + 1}` }] });
    messages.push({ role: "user", content: `follow-up ${i + 1}` });
  }
  return messages;
}

async function textOf(response: Response): Promise<string> {
  const json = (await response.json()) as { content: Array<{ text: string }> };
  return json.content.map((b) => b.text).join("");
}

/** One request as `agent` (no header for undefined) with `turns` completed turns. */
function ask(server: Awaited<ReturnType<typeof serve>>, agent: string | undefined, turns = 0) {
  const headers: Record<string, string> = agent === undefined ? {} : { "x-keel-agent": agent };
  return post(server, body({ messages: history(turns) }), headers).then(textOf);
}

describe("routing by agent (x-keel-agent)", () => {
  it("gives two agents interleaving requests their own scripts, in either order", async () => {
    for (const order of [
      ["reviewer", "tester", "reviewer", "tester"],
      ["tester", "tester", "reviewer", "reviewer"],
    ]) {
      const server = await serve(scenarioOf({ ...THREE_SCRIPTS, turnMode: "count" }));
      const answers: string[] = [];
      for (const agent of order) answers.push(await ask(server, agent));
      const seen = new Map<string, number>();
      const expected = order.map((agent) => {
        const nth = seen.get(agent) ?? 0;
        seen.set(agent, nth + 1);
        return `${agent[0]!.toUpperCase()}${agent.slice(1)} ${nth === 0 ? "one" : "two"}.`;
      });
      expect(answers).toEqual(expected);
      expect(server.requests.map((r) => r.agent)).toEqual(order);
    }
  });

  it("serves requests sent at once by several agents from each one's own script", async () => {
    const server = await serve(scenarioOf(THREE_SCRIPTS));
    const answers = await Promise.all([
      ask(server, "tester", 1),
      ask(server, "reviewer", 0),
      ask(server, "main", 1),
      ask(server, "tester", 0),
      ask(server, "reviewer", 1),
      ask(server, undefined, 0),
    ]);
    expect(answers).toEqual([
      "Tester two.",
      "Reviewer one.",
      "Main two.",
      "Tester one.",
      "Reviewer two.",
      "Main one.",
    ]);
    expect(server.violations).toEqual([]);
  });

  it("never lets a fault scripted for one agent hit another", async () => {
    const server = await serve(
      scenarioOf({
        turnMode: "count",
        turns: [{ content: "Main." }],
        agents: {
          reviewer: {
            turns: [
              { content: "Reviewed.", faults: [{ type: "http_error", status: 529, times: 2 }] },
            ],
          },
          tester: { turns: [{ content: "Tested." }, { content: "Tested again." }] },
        },
      }),
    );
    const send = (agent: string) =>
      post(server, body(), { "x-keel-agent": agent }).then((r) => r.status);
    expect(await send("reviewer")).toBe(529);
    expect(await ask(server, "tester")).toBe("Tested.");
    expect(await ask(server, "main")).toBe("Main.");
    expect(await send("reviewer")).toBe(529);
    expect(await ask(server, "tester")).toBe("Tested again.");
    expect(await ask(server, "reviewer")).toBe("Reviewed.");
    const faults = server.requests.map((r) => `${r.agent}:${r.fault ?? "-"}`);
    expect(faults).toEqual([
      "reviewer:http_error",
      "tester:-",
      "main:-",
      "reviewer:http_error",
      "tester:-",
      "reviewer:-",
    ]);
  });

  it("answers an agent without a script of its own from the scenario's turns, as before", async () => {
    const server = await serve(scenarioOf({ ...THREE_SCRIPTS, turnMode: "count" }));
    expect(await ask(server, "general-purpose")).toBe("Main one.");
    expect(await ask(server, "main")).toBe("Main two.");
    expect(await ask(server, "reviewer")).toBe("Reviewer one.");
  });

  it("names the agent when it asks past the end of its script", async () => {
    const server = await serve(scenarioOf(THREE_SCRIPTS));
    const response = await post(server, body({ messages: history(2) }), {
      "x-keel-agent": "tester",
    });
    expect(response.status).toBe(400);
    const json = (await response.json()) as { error: { message: string } };
    expect(json.error.message).toBe(
      'scripted scenario "three-scripts" has no turn 3 for agent "tester" (it has 2 turns)',
    );
  });

  it("answers an agent's side requests from its own rules first, then the scenario's, faults counted per agent", async () => {
    const compact = { requestKind: "compact" };
    const server = await serve(
      scenarioOf({
        turns: [{ content: "Main." }],
        side: [
          {
            match: compact,
            content: "Shared summary.",
            faults: [{ type: "http_error", status: 500 }],
          },
          { match: { requestKind: "title" }, content: "Shared title." },
        ],
        agents: {
          reviewer: {
            turns: [{ content: "Reviewed." }],
            side: [{ match: { requestKind: "title" }, content: "Reviewer's title." }],
          },
        },
      }),
    );
    const side = (agent: string, kind: string) =>
      post(server, body(), { "x-keel-agent": agent, "x-keel-request-kind": kind });
    expect((await side("main", "compact")).status).toBe(500);
    expect((await side("reviewer", "compact")).status).toBe(500);
    expect(await textOf(await side("reviewer", "compact"))).toBe("Shared summary.");
    expect(await textOf(await side("main", "compact"))).toBe("Shared summary.");
    expect(await textOf(await side("reviewer", "title"))).toBe("Reviewer's title.");
    expect(await textOf(await side("main", "title"))).toBe("Shared title.");
    expect(server.requests.every((r) => r.answer === "side")).toBe(true);
  });

  it("routes by the request's agent in process too", async () => {
    const provider = createScriptedProvider(scenarioOf(THREE_SCRIPTS));
    const text = async (agent?: string) => {
      const request = modelRequest(agent === undefined ? {} : { agent });
      const content = responseOf(
        await drain(provider.stream(request, new AbortController().signal)),
      ).content;
      return content.map((b) => (b.type === "text" ? b.text : "")).join("");
    };
    expect(await text("tester")).toBe("Tester one.");
    expect(await text()).toBe("Main one.");
    expect(await text("reviewer")).toBe("Reviewer one.");
    expect(provider.requests.map((r) => r.agent)).toEqual(["tester", undefined, "reviewer"]);
  });

  it("gives each agent's tool calls ids of their own", () => {
    const read = { type: "tool_use", name: "Read", input: { file_path: "a" } };
    const scenario = scenarioOf({
      turns: [{ content: [read] }],
      agents: { reviewer: { turns: [{ content: [read] }] } },
    });
    const id = (blocks: readonly { type: string; id?: string }[]) => blocks[0]?.id;
    const mainId = id(scenario.turns[0]!.content as Array<{ type: string; id?: string }>);
    const agentTurns = scenario.agents.get("reviewer")!.turns;
    expect(mainId).toMatch(/^toolu_01/);
    expect(id(agentTurns[0]!.content as Array<{ type: string; id?: string }>)).not.toBe(mainId);
  });

  it("refuses a script for 'main' (the scenario's own turns are main's)", async () => {
    const error = await rejection(
      Promise.resolve().then(() => scenarioOf({ turns: [], agents: { main: { turns: [] } } })),
    );
    expect((error as Error).message).toBe(
      "test.json: agents.main: the main thread's script is the scenario's own turns",
    );
  });
});
