import { describe, expect, it } from "vitest";
import { GENERAL_PURPOSE_AGENT } from "../../src/config/built-in-agents.js";
import { createUserMessage } from "../../src/protocol/factories.js";
import { BackgroundAgents } from "../../src/tasks/background-agents.js";
import { NamedAgents } from "../../src/tasks/named-agents.js";
import type { EndedStatusRecord, TaskMeta } from "../../src/tasks/task-meta.js";
import type { BackgroundAgentRequest } from "../../src/tools/builtin/agent/background.js";
import { testContext } from "../loop/harness.js";
import { gateTool } from "../loop/tools.js";
import { scriptedSubagentRunner, toolUse } from "../tools/agent/helpers.js";
import { waitFor, withTaskFolders } from "./helpers.js";

const folders = withTaskFolders();

/** A named agent "scout" on the real subagent runner and a scripted model; its ends recorded. */
function scout(turns: unknown[]) {
  const { store, work } = folders.current;
  const ended: Array<TaskMeta & EndedStatusRecord> = [];
  const agents = new BackgroundAgents(store, {
    sessionId: "s1",
    cwd: work,
    onEnded: async (task) => {
      ended.push(task);
    },
  });
  folders.cleanups.push(() => agents.dispose());
  const gate = gateTool();
  const { provider, runner } = scriptedSubagentRunner(turns, "named");
  const request: BackgroundAgentRequest = {
    description: "look around",
    prompt: "Look around.",
    agentType: GENERAL_PURPOSE_AGENT.name,
    name: "scout",
    run: (signal, onProgress, continuation, prompt) =>
      runner({
        definition: GENERAL_PURPOSE_AGENT,
        prompt: prompt ?? "Look around.",
        parentContext: testContext([gate]),
        toolUseId: "toolu_parent",
        signal,
        onProgress,
        ...(continuation ? { continuation } : {}),
      }),
  };
  return { agents, gate, provider, request, ended, store };
}

const bodyOf = (provider: { requests: Array<{ body: unknown }> }, index: number) =>
  JSON.stringify(provider.requests[index]?.body);

describe("named background agents (SendMessage's continuation)", () => {
  it("queue a message for a running agent and hand it over at its next tool boundary", async () => {
    const { agents, gate, provider, request, ended } = scout([
      { content: [toolUse("Gate", { text: "wait" })] },
      { content: "Looked; noted the extra." },
    ]);
    await agents.launch(request);
    await gate.started;
    expect(await agents.routeToNamedAgent("scout", "Also check the tests folder.")).toEqual({
      routing: "queued",
    });
    gate.release();
    expect(await waitFor(() => ended.length === 1)).toBe(true);
    expect(ended[0]?.status).toBe("completed");
    expect(bodyOf(provider, 0)).not.toContain("Also check the tests folder.");
    // After the tool's result, as a user message of its own words.
    const second = bodyOf(provider, 1);
    expect(second).toContain("Also check the tests folder.");
    expect(second.indexOf("tool_result")).toBeLessThan(second.indexOf("Also check the tests"));
    expect(provider.requests).toHaveLength(2);
  });

  it("resume a finished agent from its conversation, a new task told at its end", async () => {
    const { agents, gate, provider, request, ended, store } = scout([
      { content: "Found three modules." },
      { content: "The second one is the parser." },
    ]);
    gate.release();
    const first = await agents.launch(request);
    expect(await waitFor(() => ended.length === 1)).toBe(true);
    expect(await agents.routeToNamedAgent("scout", "Which one parses?")).toEqual({
      routing: "resumed",
      endedAs: "completed",
    });
    expect(await waitFor(() => ended.length === 2)).toBe(true);
    await agents.whenNoneRunning();
    const resumed = ended[1];
    expect(resumed?.id).not.toBe(first.taskId);
    expect(resumed).toMatchObject({
      status: "completed",
      kind: "local_agent",
      prompt: "Which one parses?",
      description: "scout: look around",
    });
    // The whole earlier conversation, then the message as the new turn.
    const body = bodyOf(provider, 1);
    expect(body).toContain("Look around.");
    expect(body).toContain("Found three modules.");
    expect(body.indexOf("Found three modules.")).toBeLessThan(body.indexOf("Which one parses?"));
    expect((await store.list()).tasks).toHaveLength(2);
  });

  it("resume at once with a message that arrived after the agent's last tool boundary", async () => {
    const { agents, gate, provider, request, ended } = scout([
      { content: [toolUse("Gate", { text: "wait" })] },
      { content: "First answer." },
      { content: "Answer to the late message." },
    ]);
    await agents.launch(request);
    await gate.started;
    gate.release();
    // Sent while the agent's last request may be under way: never lost, whichever way it falls.
    await agents.routeToNamedAgent("scout", "A late question.");
    await agents.whenNoneRunning();
    const bodies = provider.requests.map((r) => JSON.stringify(r.body));
    expect(bodies.filter((b) => b.includes("A late question."))).not.toHaveLength(0);
    expect(ended.every((task) => task.status === "completed")).toBe(true);
  });

  it("answer undefined for a name no agent has, and after the session ended", async () => {
    const { agents, gate, request } = scout([{ content: "Done." }]);
    gate.release();
    expect(await agents.routeToNamedAgent("nobody", "Hello?")).toBeUndefined();
    await agents.launch(request);
    await agents.whenNoneRunning();
    await agents.dispose();
    expect(await agents.routeToNamedAgent("scout", "Still there?")).toBeUndefined();
  });
});

describe("the named-agent registry", () => {
  const request = (prompt: string): BackgroundAgentRequest => ({
    description: prompt,
    prompt,
    agentType: "general-purpose",
    name: "scout",
    run: () => Promise.reject(new Error("not run here")),
  });

  it("gives a name in use to the newer agent: the older run's end and inbox no longer count", () => {
    const named = new NamedAgents();
    const older = request("Older.");
    named.started("scout", "t1", older);
    named.started("scout", "t2", request("Newer."));
    expect(named.route("scout", "For the newer one.")).toEqual({ routing: "queued" });
    expect(named.drain("scout", "t1")).toEqual([]);
    expect(named.ended("scout", "t1", "completed")).toEqual([]);
    expect(named.stateOf("scout")).toMatchObject({ kind: "running", taskId: "t2" });
    expect(named.drain("scout", "t2")).toEqual(["For the newer one."]);
  });

  it("resumes a finished agent with its last run's conversation and how that run ended", () => {
    const named = new NamedAgents();
    const ids = { uuid: () => "u1", timestamp: () => "2026-01-01T00:00:00.000Z" };
    const conversation = [createUserMessage("Look.", ids)];
    const scout = request("Look.");
    named.started("scout", "t1", scout);
    named.remember("scout", "t1", conversation);
    expect(named.ended("scout", "t1", "killed")).toEqual([]);
    expect(named.route("scout", "Go on.")).toEqual({
      routing: "resumed",
      endedAs: "killed",
      request: scout,
      history: conversation,
    });
  });
});
