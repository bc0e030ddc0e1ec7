import { describe, expect, it } from "vitest";
import {
  formatTeammateMessage,
  idleNotification,
  modeSetRequest,
  parseProtocolMessage,
  planApprovalRequest,
  planApprovalResponse,
  shutdownApproved,
  shutdownRejected,
  shutdownRequest,
  taskAssignment,
  teammateTerminated,
} from "../../src/teams/protocol.js";
import { teamProtocol } from "../../src/teams/protocol-port.js";

const timestamp = "2026-12-05T00:00:00.000Z";

describe("the team message protocol", () => {
  it("round-trips every message it builds, with Claude Code's field names", () => {
    const built = [
      idleNotification({ from: "alice", idleReason: "available", timestamp }),
      shutdownRequest({
        requestId: "shutdown-1@alice",
        from: "team-lead",
        reason: "done",
        timestamp,
      }),
      shutdownApproved({
        requestId: "shutdown-1@alice",
        from: "alice",
        backendType: "in-process",
        timestamp,
      }),
      shutdownRejected({ requestId: "shutdown-1@bob", from: "bob", reason: "busy", timestamp }),
      planApprovalRequest({
        from: "alice",
        planFilePath: "/p/teammate-alice.md",
        planContent: "# Plan",
        requestId: "plan-1@alice",
        timestamp,
      }),
      planApprovalResponse({
        requestId: "plan-1@alice",
        approved: true,
        permissionMode: "default",
        timestamp,
      }),
      taskAssignment({
        taskId: "3",
        subject: "Review",
        description: "Read both",
        assignedBy: "team-lead",
        timestamp,
      }),
      teammateTerminated("alice has shut down."),
      modeSetRequest("acceptEdits", "team-lead"),
    ];
    const types = built.map((text) => parseProtocolMessage(text)?.type);
    expect(types).toEqual([
      "idle_notification",
      "shutdown_request",
      "shutdown_approved",
      "shutdown_rejected",
      "plan_approval_request",
      "plan_approval_response",
      "task_assignment",
      "teammate_terminated",
      "mode_set_request",
    ]);
    expect(parseProtocolMessage(built[1] ?? "")).toEqual({
      type: "shutdown_request",
      requestId: "shutdown-1@alice",
      from: "team-lead",
      reason: "done",
      timestamp,
    });
    expect(JSON.parse(built[6] ?? "")).toEqual({
      type: "task_assignment",
      taskId: "3",
      subject: "Review",
      description: "Read both",
      assignedBy: "team-lead",
      timestamp,
    });
  });

  it("reads Claude Code's permission messages, keeps unknown fields, and treats the rest as plain text", () => {
    const request = {
      type: "permission_request",
      request_id: "r1",
      agent_id: "alice@session-1",
      tool_name: "Bash",
      tool_use_id: "toolu_1",
      description: "ls",
      input: { command: "ls" },
      permission_suggestions: [],
      extra: 1,
    };
    expect(parseProtocolMessage(JSON.stringify(request))).toEqual(request);
    const response = {
      type: "permission_response",
      request_id: "r1",
      subtype: "error",
      error: "no",
    };
    expect(parseProtocolMessage(JSON.stringify(response))).toEqual(response);
    for (const plain of [
      "hello",
      '{"type": "shutdown_request"}', // missing fields: shown as it is
      '{"type": "something_new", "x": 1}',
      "[1, 2]",
      "{broken",
    ]) {
      expect(parseProtocolMessage(plain)).toBeUndefined();
    }
  });

  it("formats a message as a <teammate-message> block with escaped attributes", () => {
    expect(
      formatTeammateMessage({
        from: "alice",
        text: "Done <b>",
        color: "blue",
        summary: 'said "hi" & <left>',
      }),
    ).toBe(
      '<teammate-message teammate_id="alice" color="blue" summary="said &quot;hi&quot; &amp; &lt;left&gt;">\nDone <b>\n</teammate-message>',
    );
    expect(formatTeammateMessage({ from: "team-lead", text: "x" })).toBe(
      '<teammate-message teammate_id="team-lead">\nx\n</teammate-message>',
    );
  });

  it("gives the runtime its views of messages and the texts it sends", () => {
    const port = teamProtocol(() => new Date(timestamp));
    expect(port.forTeammate(shutdownRequest({ requestId: "s", from: "team-lead" }))).toEqual({
      kind: "shutdown_request",
    });
    expect(
      port.forTeammate(port.planApproved({ requestId: "p", permissionMode: "acceptEdits" })),
    ).toEqual({
      kind: "plan_approval_response",
      approved: true,
      permissionMode: "acceptEdits",
    });
    expect(port.forLead(shutdownApproved({ requestId: "s", from: "alice" }))).toEqual({
      kind: "shutdown_approved",
      from: "alice",
    });
    const plan = port.planApprovalRequest({
      from: "bob",
      planFilePath: "/p",
      planContent: "c",
      requestId: "plan-2@bob",
    });
    expect(port.forLead(plan)).toEqual({
      kind: "plan_approval_request",
      from: "bob",
      requestId: "plan-2@bob",
    });
    expect(port.forLead("hello")).toEqual({ kind: "other" });
    expect(
      parseProtocolMessage(
        port.idleNotification({ from: "bob", idleReason: "failed", failureReason: "API" }),
      ),
    ).toEqual({
      type: "idle_notification",
      from: "bob",
      idleReason: "failed",
      failureReason: "API",
      timestamp,
    });
    expect(parseProtocolMessage(port.teammateTerminated("bob"))).toEqual({
      type: "teammate_terminated",
      message: "bob has shut down.",
    });
  });
});
