import { describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/session/engine/session-event.js";
import {
  idleNotification,
  planApprovalRequest,
  shutdownApproved,
} from "../../../src/teams/protocol.js";
import { grantedMode, takeLeadMail } from "../../../src/teams/runtime/lead-inbox.js";
import type { PermissionMode } from "../../../src/tools/context.js";
import { MemoryMailbox, PROTOCOL } from "./loop-harness.js";

async function poll(mailbox: MemoryMailbox, leadMode: PermissionMode = "acceptEdits") {
  const delivered: SessionEvent[] = [];
  const shutDown: string[] = [];
  const mail = await takeLeadMail({
    mailbox,
    protocol: PROTOCOL,
    onShutdownApproved: (name) => void shutDown.push(name),
    leadMode: () => leadMode,
  });
  if (mail) delivered.push(mail);
  return { delivered, shutDown };
}

describe("the lead's inbox", () => {
  it("takes every unread message as one event of teammate-message blocks, and marks them read", async () => {
    const mailbox = new MemoryMailbox();
    await mailbox.send("team-lead", { from: "alice", text: "task 1 is done" });
    await mailbox.send("team-lead", {
      from: "bob",
      text: idleNotification({ from: "bob", timestamp: "t1" }),
    });
    const { delivered } = await poll(mailbox);
    expect(delivered).toEqual([
      {
        type: "teammate_mailbox",
        from: ["alice", "bob"],
        text: `<teammate-message teammate_id="alice">\ntask 1 is done\n</teammate-message>\n\n<teammate-message teammate_id="bob">\n${idleNotification({ from: "bob", timestamp: "t1" })}\n</teammate-message>`,
      },
    ]);
    expect(await mailbox.unread("team-lead")).toEqual([]);
    expect((await poll(mailbox)).delivered).toEqual([]);
  });

  it("stops a teammate whose shutdown was approved and tells the lead it terminated", async () => {
    const mailbox = new MemoryMailbox();
    await mailbox.send("team-lead", {
      from: "bob",
      text: shutdownApproved({ from: "bob", requestId: "shutdown-1@bob", timestamp: "t1" }),
    });
    const { delivered, shutDown } = await poll(mailbox);
    expect(shutDown).toEqual(["bob"]);
    const [event] = delivered;
    expect(event?.type === "teammate_mailbox" && event.text).toContain('"teammate_terminated"');
  });

  it("approves a plan at once with the lead's mode (default while the lead plans) and still shows it", async () => {
    for (const [lead, granted] of [
      ["acceptEdits", "acceptEdits"],
      ["plan", "default"],
    ] as const) {
      const mailbox = new MemoryMailbox();
      const request = planApprovalRequest({
        from: "alice",
        requestId: "plan-7",
        planContent: "1. do it",
        planFilePath: "/plans/alice.md",
      });
      await mailbox.send("team-lead", { from: "alice", text: request });
      const { delivered } = await poll(mailbox, lead);
      expect(delivered).toHaveLength(1);
      const [answer] = await mailbox.unread("alice");
      expect(JSON.parse(answer?.text ?? "")).toMatchObject({
        type: "plan_approval_response",
        requestId: "plan-7",
        approved: true,
        permissionMode: granted,
      });
      expect(answer?.from).toBe("team-lead");
    }
    expect(grantedMode("bypassPermissions")).toBe("bypassPermissions");
  });
});
