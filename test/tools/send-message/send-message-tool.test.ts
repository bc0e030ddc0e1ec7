import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseProtocolMessage } from "../../../src/teams/protocol.js";
import { openSessionTeam, type SessionTeam } from "../../../src/teams/session-team.js";
import type { SendMessageInput } from "../../../src/tools/builtin/send-message/schema.js";
import {
  createSendMessageTool,
  type SendMessageDeps,
} from "../../../src/tools/builtin/send-message/send-message-tool.js";
import { makeToolCallContext } from "../../helpers/tool-context.js";

let configDir: string;
let team: SessionTeam;

beforeEach(async () => {
  configDir = await mkdtemp(join(tmpdir(), "keel-send-message-"));
  team = openSessionTeam({
    configDir,
    sessionId: "7e57a11d-aaaa",
    cwd: "/w",
    now: () => new Date(0),
  });
  await team.roster.ensure();
  for (const [name, color] of [
    ["alice", "blue"],
    ["bob", "green"],
  ] as const) {
    await team.roster.addMember({
      agentId: `${name}@${team.name}`,
      name,
      agentType: "general-purpose",
      model: "m",
      prompt: "p",
      color,
      planModeRequired: false,
      cwd: "/w",
      sessionId: "s",
    });
  }
});
afterEach(async () => {
  await rm(configDir, { recursive: true, force: true });
});

/** The tool, as the lead (no agentName) or as a teammate. */
function tool(deps: Partial<SendMessageDeps> = {}) {
  return createSendMessageTool({ team, ...deps });
}
const as = (agentName?: string) => ({
  ...makeToolCallContext(),
  ...(agentName === undefined ? {} : { agentName }),
});

async function validate(input: unknown, sender?: string) {
  const t = tool();
  const parsed = t.inputSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false as const, message: parsed.error.issues[0]?.message ?? "" };
  return t.validateInput?.(parsed.data, as(sender));
}

async function call(input: SendMessageInput, sender?: string, deps?: Partial<SendMessageDeps>) {
  const t = tool(deps);
  const parsed = t.inputSchema.parse(input);
  expect(await t.validateInput?.(parsed, as(sender))).toEqual({ ok: true });
  return (await t.call(parsed, as(sender), () => {})).data;
}

describe("SendMessage's validation (Claude Code's rules)", () => {
  it("refuses an empty `to`, a `to` with @team, and a plain message without a summary", async () => {
    expect(await validate({ to: " ", message: "hi", summary: "s" })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/must name a recipient/),
    });
    expect(
      await validate({ to: "alice@session-7e57a11d", message: "hi", summary: "s" }),
    ).toMatchObject({
      ok: false,
      message: expect.stringMatching(/only one team per session/),
    });
    expect(await validate({ to: "alice", message: "hi" })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/summary.*required/),
    });
    expect(await validate({ to: "alice", message: "hi", summary: "Greeting" })).toEqual({
      ok: true,
    });
  });

  it("refuses broadcasting a structured message", async () => {
    expect(await validate({ to: "*", message: { type: "shutdown_request" } })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/cannot be broadcast/),
    });
  });

  it("sends a shutdown_response only to team-lead, and a rejection only with a reason", async () => {
    const approve = { type: "shutdown_response", request_id: "shutdown-1@alice", approve: true };
    expect(await validate({ to: "bob", message: approve }, "alice")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/must be sent to "team-lead"/),
    });
    expect(
      await validate({ to: "team-lead", message: { ...approve, approve: false } }, "alice"),
    ).toMatchObject({ ok: false, message: expect.stringMatching(/needs a `reason`/) });
    expect(await validate({ to: "team-lead", message: approve }, "alice")).toEqual({ ok: true });
  });

  it("lets only the lead send a plan_approval_response", async () => {
    const answer = { type: "plan_approval_response", request_id: "plan-1@bob", approve: true };
    expect(await validate({ to: "bob", message: answer }, "alice")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/Only the team lead/),
    });
    expect(await validate({ to: "bob", message: answer })).toEqual({ ok: true });
  });

  it("refuses an unknown structured type by its schema", async () => {
    expect(await validate({ to: "bob", message: { type: "approve_everything" } })).toMatchObject({
      ok: false,
    });
  });

  it("is read-only only for a plain message, and never asks", async () => {
    const t = tool();
    expect(t.isReadOnly({ to: "a", message: "x", summary: "s" })).toBe(true);
    expect(t.isReadOnly({ to: "a", message: { type: "shutdown_request" } })).toBe(false);
    expect(await t.checkPermissions?.({ to: "a", message: "x" }, as())).toEqual({
      behavior: "allow",
    });
  });
});

describe("SendMessage's delivery", () => {
  it("writes a plain message to the recipient's inbox with the sender's color and summary", async () => {
    const out = await call(
      { to: "bob", message: "Task 1 is done.", summary: "Task 1 done" },
      "alice",
    );
    expect(out).toEqual({ success: true, message: "Message sent to bob's inbox." });
    expect(await team.mailbox.unread("bob")).toEqual([
      {
        from: "alice",
        text: "Task 1 is done.",
        timestamp: new Date(0).toISOString(),
        read: false,
        color: "blue",
        summary: "Task 1 done",
      },
    ]);
  });

  it("broadcasts to every member but the sender and names the recipients", async () => {
    const out = await call({ to: "*", message: "Stand up", summary: "Standup" }, "alice");
    expect(out).toMatchObject({ success: true, recipients: ["team-lead", "bob"] });
    expect((await team.mailbox.unread("team-lead")).map((m) => m.text)).toEqual(["Stand up"]);
    expect((await team.mailbox.unread("bob")).map((m) => m.text)).toEqual(["Stand up"]);
    expect(await team.mailbox.unread("alice")).toEqual([]);
  });

  it("returns a request_id for a shutdown request, shutdown-<n>@<target>, and carries it in the message", async () => {
    const t = tool();
    const first = await t.call(
      { to: "alice", message: { type: "shutdown_request", reason: "Done" } },
      as(),
      () => {},
    );
    const second = await t.call(
      { to: "bob", message: { type: "shutdown_request" } },
      as(),
      () => {},
    );
    expect(first.data).toMatchObject({ success: true, request_id: "shutdown-1@alice" });
    expect(second.data.request_id).toBe("shutdown-2@bob");
    const [sent] = await team.mailbox.unread("alice");
    expect(parseProtocolMessage(sent?.text ?? "")).toMatchObject({
      type: "shutdown_request",
      requestId: "shutdown-1@alice",
      from: "team-lead",
      reason: "Done",
    });
  });

  it("turns a shutdown response into shutdown_approved or shutdown_rejected for the lead", async () => {
    await call(
      {
        to: "team-lead",
        message: { type: "shutdown_response", request_id: "shutdown-1@alice", approve: true },
      },
      "alice",
    );
    await call(
      {
        to: "team-lead",
        message: {
          type: "shutdown_response",
          request_id: "shutdown-2@bob",
          approve: false,
          reason: "Busy",
        },
      },
      "bob",
    );
    const texts = (await team.mailbox.unread("team-lead")).map((m) => parseProtocolMessage(m.text));
    expect(texts).toMatchObject([
      {
        type: "shutdown_approved",
        requestId: "shutdown-1@alice",
        from: "alice",
        backendType: "in-process",
      },
      { type: "shutdown_rejected", requestId: "shutdown-2@bob", from: "bob", reason: "Busy" },
    ]);
  });

  it("sends the lead's plan answer as plan_approval_response", async () => {
    await call({
      to: "bob",
      message: {
        type: "plan_approval_response",
        request_id: "plan-1@bob",
        approve: false,
        feedback: "Add tests",
      },
    });
    const [answer] = await team.mailbox.unread("bob");
    expect(parseProtocolMessage(answer?.text ?? "")).toMatchObject({
      type: "plan_approval_response",
      requestId: "plan-1@bob",
      approved: false,
      feedback: "Add tests",
    });
  });

  it("refuses a recipient outside the team and a message to oneself", async () => {
    expect(await call({ to: "carol", message: "hi", summary: "s" })).toMatchObject({
      success: false,
      message: expect.stringMatching(/No teammate named "carol".*team-lead, alice, bob/),
    });
    expect(await call({ to: "alice", message: "hi", summary: "s" }, "alice")).toMatchObject({
      success: false,
    });
  });

  it("reports a failed inbox write as an error result (2.1.224), never as sent", async () => {
    const failing = {
      ...team,
      mailbox: {
        send: async () => {
          throw new Error("disk full");
        },
      },
    };
    const t = createSendMessageTool({ team: failing });
    const out = (await t.call({ to: "bob", message: "hi", summary: "s" }, as(), () => {})).data;
    expect(out).toEqual({
      success: false,
      message: "Could not deliver the message: bob: disk full",
    });
    expect(t.mapToolResult(out, "toolu_1")).toMatchObject({ is_error: true });
  });

  it("tries a named background agent first for a plain message and returns its routing", async () => {
    const asked: Array<[string, string]> = [];
    const routeToNamedAgent = async (name: string, message: string) => {
      asked.push([name, message]);
      return name === "researcher"
        ? { routing: "resumed" as const, endedAs: "completed" }
        : undefined;
    };
    expect(
      await call({ to: "researcher", message: "Go on", summary: "Continue" }, undefined, {
        routeToNamedAgent,
      }),
    ).toEqual({
      success: true,
      // Claude Code's words for a finished agent continued.
      message:
        'Agent "researcher" was stopped (completed); resumed it in the background with your message. You\'ll be notified when it finishes.',
      routing: "resumed",
    });
    // Not an agent's name: the team's inbox, as before.
    expect(
      await call({ to: "bob", message: "hi", summary: "s" }, undefined, { routeToNamedAgent }),
    ).toMatchObject({
      success: true,
    });
    expect(asked).toEqual([
      ["researcher", "Go on"],
      ["bob", "hi"],
    ]);
    // Without a team, only named agents can be reached.
    const agentsOnly = createSendMessageTool({
      routeToNamedAgent: async () => ({ routing: "queued" }),
    });
    expect(
      (await agentsOnly.call({ to: "x", message: "m", summary: "s" }, as(), () => {})).data,
    ).toEqual({
      success: true,
      message: "Message queued for delivery to x at its next tool round.",
      routing: "queued",
    });
  });
});
