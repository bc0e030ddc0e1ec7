import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AgentDefinition } from "../../../src/config/agent-definition.js";
import { GENERAL_PURPOSE_AGENT } from "../../../src/config/built-in-agents.js";
import { createAttachmentMessage, createUserMessage } from "../../../src/protocol/factories.js";
import type { AssistantMessage, Message } from "../../../src/protocol/messages.js";
import { emptyUsage } from "../../../src/protocol/usage.js";
import type { SessionEvent, UnpromptedTurn } from "../../../src/session/engine/session-event.js";
import { TaskListStore } from "../../../src/task-list/task-list-store.js";
import { TaskStore } from "../../../src/tasks/task-store.js";
import { TeamRuntime } from "../../../src/teams/runtime/team-runtime.js";
import { createBackgroundShells } from "../../../src/tools/background/index.js";
import { createAgentTool } from "../../../src/tools/builtin/agent/agent-tool.js";
import { createTaskListTools } from "../../../src/tools/builtin/task-list/task-list-tools.js";
import { createTaskStopTool } from "../../../src/tools/builtin/task-stop/task-stop-tool.js";
import { NO_TOOL_HOOKS, type ToolHooks } from "../../../src/tools/hooks.js";
import type { AnyTool } from "../../../src/tools/tool.js";
import { makeToolUseContext } from "../../helpers/tool-context.js";
import { gateTool } from "../../loop/tools.js";
import { collect, scriptedEngine } from "../../session/engine/helpers.js";
import { MemoryMailbox, MemoryRoster, PROTOCOL } from "./loop-harness.js";

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-team-runtime-"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const toolUse = (name: string, input: Record<string, unknown>) => ({
  type: "tool_use",
  name,
  input,
});

/** A lead engine with Agent and the task tools, its team runtime polling every few ms. */
const ids = { uuid: () => crypto.randomUUID(), timestamp: () => "t" };

/** The lead's first turn in most scenarios: it spawns alice, who is told to say hello. */
const spawnAlice = {
  content: [toolUse("Agent", { description: "Helper", prompt: "Say hello.", name: "alice" })],
};

/** A lead that spawns alice, hears she is on it, and notes her idle notice; alice says hello. */
const helloTeam = () => ({
  turnMode: "count" as const,
  turns: [spawnAlice, { content: "alice is on it." }, { content: "Noted." }],
  agents: { alice: { turns: [{ content: "hello" }] } },
});

function leadWithTeam(
  scenario: unknown,
  options: {
    maxTeammates?: number;
    definitions?: AgentDefinition[];
    maxBudgetUsd?: number;
    tools?: AnyTool[];
    hooks?: ToolHooks;
    /** A resumed session's: the team's files, and its members' conversations. */
    resumed?: { mailbox: MemoryMailbox; roster: MemoryRoster; history: readonly Message[] };
  } = {},
) {
  const tasks = new TaskListStore(join(dir, "tasks"));
  const mailbox = options.resumed?.mailbox ?? new MemoryMailbox();
  const roster = options.resumed?.roster ?? new MemoryRoster();
  const records = new TaskStore(join(dir, "state", "tasks"));
  const events: SessionEvent[] = [];
  let deliver: (event: SessionEvent) => void = () => {};
  let leadBusy = () => false;
  const runtime = new TeamRuntime({
    team: "session-11111111",
    sessionId: "11111111-2222-4333-8444-555555555555",
    cwd: dir,
    mailbox,
    roster,
    protocol: PROTOCOL,
    paths: { teamFile: join(dir, "config.json"), taskList: join(dir, "tasks") },
    planFolder: join(dir, "plans"),
    tasks,
    taskRecords: { store: records, sessionId: "11111111-2222-4333-8444-555555555555", cwd: dir },
    leadMode: () => "default",
    deliver: (event) => {
      events.push(event);
      deliver(event);
    },
    teammatePollMs: 2,
    leadPollMs: 2,
    leadBusy: () => leadBusy(),
    ...(options.maxTeammates === undefined ? {} : { maxTeammates: options.maxTeammates }),
    onError: (error) => {
      throw error;
    },
    ...(options.resumed ? { loadHistory: async () => options.resumed?.history } : {}),
  });
  const definitions = options.definitions ?? [GENERAL_PURPOSE_AGENT];
  const shellConfig = { cwd: dir, sessionDir: join(dir, "session"), stateDir: dir, env: {} };
  const { engine, provider, transcript } = scriptedEngine(scenario, {
    tools: [
      createAgentTool(definitions),
      ...createTaskListTools(tasks),
      createTaskStopTool(shellConfig, createBackgroundShells(shellConfig)),
      ...(options.tools ?? []),
    ],
    agents: definitions,
    spawnTeammate: runtime.spawn,
    stopTeammate: runtime.stopTeammate,
    onTurnContext: runtime.adoptContext,
    ...(options.hooks ? { hooks: { tool: options.hooks } } : {}),
    // A busy lead's mail arrives at its tool boundaries, as the CLI's attachment collector does it.
    attachments: async (context) =>
      (await runtime.leadMail({ context })).map((mail) => createAttachmentMessage(mail, ids)),
    ...(options.maxBudgetUsd === undefined ? {} : { maxBudgetUsd: options.maxBudgetUsd }),
  });
  deliver = (event) => engine.deliver(event);
  leadBusy = () => engine.busy;
  const unprompted: string[] = [];
  engine.onUnpromptedTurn(async (turn: UnpromptedTurn) => {
    await collect(turn.messages);
    unprompted.push(turn.event.type);
  });
  return {
    engine,
    provider,
    transcript,
    runtime,
    mailbox,
    roster,
    tasks,
    records,
    events,
    unprompted,
  };
}

/** Waits until the team is quiet and the lead idle (no clock: it polls the state). */
async function settle(lead: ReturnType<typeof leadWithTeam>) {
  const signal = new AbortController().signal;
  for (;;) {
    await lead.runtime.whenQuiet(signal);
    await lead.engine.whenIdle();
    if (!lead.engine.busy && (await lead.runtime.quiet())) return;
  }
}

describe("a session's team runtime", () => {
  it("spawns a named agent as a teammate running on its own script, whose idle notice reaches the idle lead as a turn, and whose spend is the session's", async () => {
    const lead = leadWithTeam({
      turnMode: "count",
      turns: [spawnAlice, { content: "alice is on it." }, { content: "alice is idle; fine." }],
      agents: {
        alice: {
          turnMode: "count",
          turns: [{ content: "hello", usage: { input_tokens: 1_000_000, output_tokens: 0 } }],
        },
      },
    });
    const first = await collect(lead.engine.submitMessage("Build a team."));
    await settle(lead);
    await lead.runtime.dispose();

    const spawned = first.find((m) => m.type === "user" && "tool_use_result" in m) as
      | { tool_use_result: Record<string, unknown> }
      | undefined;
    expect(spawned?.tool_use_result.teammate).toEqual({
      status: "teammate_spawned",
      teammate_id: "alice@session-11111111",
      agent_id: "alice@session-11111111",
      agent_type: "general-purpose",
      model: "claude-sonnet-5",
      name: "alice",
      color: "blue",
      team_name: "session-11111111",
    });
    expect(JSON.stringify(lead.engine.messages)).toContain("Spawned successfully.");
    const aliceRequests = lead.provider.requests.filter((r) => r.agent === "alice");
    expect(aliceRequests).toHaveLength(1);
    const body = JSON.stringify(aliceRequests[0]?.body);
    expect(body).toContain("You are a test agent.");
    expect(body).toContain("Nobody reads your text output");
    expect(body).toContain("Team Coordination");
    expect(body).toContain("Your name: alice.");
    // Teammates never get the Agent tool (no nested teams), and always the task tools.
    const aliceBody = aliceRequests[0]?.body as { tools?: Array<{ name: string }> } | undefined;
    const tools = (aliceBody?.tools ?? []).map((t) => t.name);
    expect(tools).not.toContain("Agent");
    expect(tools).toContain("TaskList");
    expect(lead.unprompted).toEqual(["teammate_mailbox"]);
    const [event] = lead.events;
    expect(event?.type === "teammate_mailbox" && event.text).toContain("idle_notification");
    expect(lead.roster.entries.get("alice")?.isActive).toBe(false);
    // A million input tokens of claude-sonnet-5 at $2 per million, spent by the teammate.
    expect(lead.engine.totalCostUsd).toBeGreaterThanOrEqual(2);
    // Its task: an in_process_teammate, killed by the session's end, its messages in its log.
    const { tasks: recorded } = await lead.records.list();
    expect(recorded).toMatchObject([
      {
        kind: "in_process_teammate",
        agentId: "alice@session-11111111",
        description: "alice: Say hello.",
        status: "killed",
      },
    ]);
    const log = await readFile(lead.records.paths(recorded[0]?.id ?? "").output, "utf8");
    expect(log).toContain('"hello"');
  });

  it("refuses a teammate beyond the session's maximum, and a second teammate of the same name", async () => {
    const spawn = (name: string) =>
      toolUse("Agent", { description: "Helper", prompt: "Wait.", name });
    const lead = leadWithTeam(
      {
        turnMode: "count",
        turns: [{ content: [spawn("alice"), spawn("alice"), spawn("bob")] }, { content: "done" }],
        agents: {
          alice: { turnMode: "count", turns: [{ content: "ok" }] },
        },
      },
      { maxTeammates: 1 },
    );
    const messages = await collect(lead.engine.submitMessage("Build a team."));
    await lead.runtime.dispose();
    const results = JSON.stringify(messages.filter((m) => m.type === "user"));
    expect(results).toContain('A teammate named \\"alice\\" is already in the team.');
    expect(results).toContain("The team already has 1 teammates");
    expect([...lead.roster.entries.keys()]).toEqual(["alice"]);
  });

  it("sends a plan-mode teammate's plan to the lead, who approves it with the lead's mode and still sees it", async () => {
    const planner: AgentDefinition = {
      name: "planner",
      description: "Plans first.",
      prompt: "You plan before you act.",
      permissionMode: "plan",
      source: { kind: "project", path: "/project/.claude/agents/planner.md" },
    };
    const lead = leadWithTeam(
      {
        turnMode: "count",
        turns: [
          {
            content: [
              toolUse("Agent", {
                description: "Plan",
                prompt: "Plan the change.",
                name: "alice",
                subagent_type: "planner",
              }),
            ],
          },
          { content: "alice plans." },
          { content: "Seen the plan." },
        ],
        agents: {
          alice: {
            turnMode: "count",
            turns: [
              { content: [toolUse("ExitPlanMode", { plan: "1. Edit the file." })] },
              { content: "Waiting for approval." },
              { content: [toolUse("ExitPlanMode", { plan: "again" })] },
              { content: "Approved; working." },
            ],
          },
        },
      },
      { definitions: [planner] },
    );
    await collect(lead.engine.submitMessage("Plan it."));
    await settle(lead);
    await lead.runtime.dispose();
    const shown = lead.events.map((e) => (e.type === "teammate_mailbox" ? e.text : "")).join("\n");
    expect(shown).toContain("plan_approval_request");
    expect(shown).toContain("1. Edit the file.");
    const [approval] = lead.mailbox.all("alice");
    expect(JSON.parse(approval?.text ?? "")).toMatchObject({
      type: "plan_approval_response",
      requestId: "plan-1@alice",
      approved: true,
      permissionMode: "default",
    });
    // Once approved, alice is out of plan mode: a second ExitPlanMode is refused.
    const aliceBodies = lead.provider.requests
      .filter((r) => r.agent === "alice")
      .map((r) => JSON.stringify(r.body));
    expect(aliceBodies).toHaveLength(4);
    expect(aliceBodies[2]).toContain("plan_approval_response");
    expect(aliceBodies[3]).toContain("You are not in plan mode");
  });

  it("stops a teammate whose requests the session's budget refuses, as failed", async () => {
    const lead = leadWithTeam(
      {
        turnMode: "count",
        turns: [
          { content: [toolUse("Agent", { description: "Spend", prompt: "Go.", name: "alice" })] },
          { content: "alice spends." },
          { content: "Noted." },
          { content: "Noted." },
        ],
        agents: {
          alice: {
            turnMode: "count",
            turns: [
              {
                content: [toolUse("TaskList", {})],
                usage: { input_tokens: 1_000_000, output_tokens: 0 },
              },
              { content: "never sent" },
            ],
          },
        },
      },
      { maxBudgetUsd: 1 },
    );
    await collect(lead.engine.submitMessage("Spend."));
    await settle(lead);
    await lead.runtime.dispose();
    expect(lead.provider.requests.filter((r) => r.agent === "alice")).toHaveLength(1);
    const notice = lead.mailbox.all("team-lead").map((m) => JSON.parse(m.text));
    expect(notice).toEqual([
      expect.objectContaining({ type: "idle_notification", idleReason: "failed" }),
    ]);
    const { tasks: recorded } = await lead.records.list();
    expect(recorded[0]).toMatchObject({ kind: "in_process_teammate", status: "failed" });
  });

  it("brings a resumed session's teammates back with their conversations, idle until work comes", async () => {
    const first = leadWithTeam(helloTeam());
    await collect(first.engine.submitMessage("Build a team."));
    await settle(first);
    await first.runtime.dispose();

    const said: AssistantMessage = {
      type: "assistant",
      uuid: "said-hello",
      timestamp: "t",
      message: {
        id: "msg-1",
        model: "claude-sonnet-5",
        role: "assistant",
        content: [{ type: "text", text: "hello" }],
        stop_reason: "end_turn",
        stop_sequence: null,
        usage: emptyUsage(),
      },
    };
    const history = [createUserMessage("Say hello.", ids), said];
    await first.mailbox.send("alice", { from: "team-lead", text: "Are you back?" });
    const second = leadWithTeam(
      {
        turnMode: "count",
        turns: [{ content: "Resumed." }, { content: "Noted." }, { content: "Noted." }],
        agents: { alice: { turns: [{ content: "unused" }, { content: "Yes, I am back." }] } },
      },
      { resumed: { mailbox: first.mailbox, roster: first.roster, history } },
    );
    await second.runtime.restore();
    await collect(second.engine.submitMessage("Continue."));
    await settle(second);
    await second.runtime.dispose();
    const [back] = second.provider.requests.filter((r) => r.agent === "alice");
    const body = JSON.stringify(back?.body);
    expect(body).toContain("Say hello.");
    expect(body).toContain("Are you back?");
    expect(second.mailbox.all("team-lead").map((m) => m.from)).toEqual(["alice", "alice"]);
  });

  it("gives a busy lead its mail at its next tool boundary, kept in its turn, not a turn of its own", async () => {
    const gate = gateTool();
    const lead = leadWithTeam(
      {
        turnMode: "count",
        turns: [
          spawnAlice,
          { content: [toolUse("Gate", { text: "wait for alice" })] },
          { content: "alice said hello." },
        ],
        agents: { alice: { turns: [{ content: "hello" }] } },
      },
      { tools: [gate as unknown as AnyTool] },
    );
    const turn = collect(lead.engine.submitMessage("Build a team."));
    await gate.started;
    while ((await lead.mailbox.unread("team-lead")).length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    gate.release();
    await turn;
    await settle(lead);
    await lead.runtime.dispose();
    expect(lead.unprompted).toEqual([]);
    const kept = lead.engine.messages.filter(
      (m) => m.type === "attachment" && m.attachment.type === "teammate_mailbox",
    );
    expect(kept).toHaveLength(1);
    const leadRequests = lead.provider.requests.filter((r) => r.agent !== "alice");
    expect(JSON.stringify(leadRequests[2]?.body)).toContain("idle_notification");
  });

  it("leaves mail that arrives after the session ended unread in the team's files", async () => {
    const lead = leadWithTeam(helloTeam());
    await collect(lead.engine.submitMessage("Build a team."));
    await settle(lead);
    await lead.runtime.dispose();
    await lead.mailbox.send("team-lead", { from: "alice", text: "one more thing" });
    const context = makeToolUseContext();
    expect(await lead.runtime.leadMail({ context })).toEqual([]);
    expect(await lead.runtime.quiet()).toBe(true);
    expect((await lead.mailbox.unread("team-lead")).map((m) => m.text)).toEqual(["one more thing"]);
  });

  it("names the teammate and its team in the TaskCreated and TaskCompleted hooks of its changes", async () => {
    const fired: Array<{ event: string; fields: Record<string, unknown> }> = [];
    const hooks: ToolHooks = {
      ...NO_TOOL_HOOKS,
      taskEvent: async (event, fields) => {
        fired.push({ event, fields });
        return {};
      },
    };
    const lead = leadWithTeam(
      {
        turnMode: "count",
        turns: [
          {
            content: [toolUse("Agent", { description: "Helper", prompt: "Plan.", name: "alice" })],
          },
          { content: "alice plans." },
          { content: "Noted." },
        ],
        agents: {
          alice: {
            turns: [
              { content: [toolUse("TaskCreate", { subject: "Draft", description: "a draft" })] },
              { content: [toolUse("TaskUpdate", { taskId: "1", status: "completed" })] },
              { content: "Done." },
            ],
          },
        },
      },
      { hooks },
    );
    await collect(lead.engine.submitMessage("Plan it."));
    await settle(lead);
    await lead.runtime.dispose();
    const team = { teammate_name: "alice", team_name: "session-11111111" };
    expect(fired).toEqual([
      { event: "TaskCreated", fields: expect.objectContaining({ task_id: "1", ...team }) },
      { event: "TaskCompleted", fields: expect.objectContaining({ task_id: "1", ...team }) },
    ]);
  });

  it("lets TaskStop stop a teammate by its name (killed), and says so of one it does not know", async () => {
    const lead = leadWithTeam({
      turnMode: "count",
      turns: [
        spawnAlice,
        {
          content: [
            toolUse("TaskStop", { task_id: "alice" }),
            toolUse("TaskStop", { task_id: "nobody" }),
          ],
        },
        { content: "Stopped." },
        { content: "Noted." },
      ],
      agents: { alice: { turns: [{ content: "hello" }] } },
    });
    const messages = await collect(lead.engine.submitMessage("Stop alice."));
    await lead.runtime.dispose();
    const results = JSON.stringify(messages.filter((m) => m.type === "user"));
    expect(results).toContain("Stopped teammate alice@session-11111111.");
    expect(results).toContain("nobody");
    const { tasks: recorded } = await lead.records.list();
    expect(recorded[0]).toMatchObject({ kind: "in_process_teammate", status: "killed" });
  });
});
