import {
  formatTeammateMessage,
  idleNotification,
  parseProtocolMessage,
  planApprovalRequest,
  planApprovalResponse,
  teammateTerminated,
} from "./protocol.js";
import type { TeamProtocolPort } from "./runtime/team-ports.js";

/** The message protocol as the team runtime reads and writes it (its TeamProtocolPort). */
export function teamProtocol(now: () => Date = () => new Date()): TeamProtocolPort {
  const at = () => now().toISOString();
  return {
    forTeammate(text) {
      const message = parseProtocolMessage(text);
      if (message?.type === "shutdown_request") return { kind: "shutdown_request" };
      if (message?.type === "plan_approval_response") {
        return {
          kind: "plan_approval_response",
          approved: message.approved,
          ...(message.permissionMode ? { permissionMode: message.permissionMode } : {}),
        };
      }
      return { kind: "other" };
    },
    forLead(text) {
      const message = parseProtocolMessage(text);
      if (message?.type === "shutdown_approved") {
        return { kind: "shutdown_approved", from: message.from };
      }
      if (message?.type === "plan_approval_request") {
        return { kind: "plan_approval_request", from: message.from, requestId: message.requestId };
      }
      return { kind: "other" };
    },
    idleNotification: (fields) => idleNotification({ ...fields, timestamp: at() }),
    planApprovalRequest: (fields) => planApprovalRequest({ ...fields, timestamp: at() }),
    planApproved: ({ requestId, permissionMode }) =>
      planApprovalResponse({ requestId, approved: true, permissionMode, timestamp: at() }),
    teammateTerminated: (name) => teammateTerminated(`${name} has shut down.`),
    format: (message) => formatTeammateMessage(message),
  };
}
