import { z } from "zod";
import { PERMISSION_MODES } from "../tools/context.js";

/*
 * The structured messages teammates and the lead exchange, carried as JSON inside an inbox
 * entry's `text` (task-types.md §1.5). Loose objects: fields a newer Claude Code adds survive.
 */

const timestamp = z.string();
const permissionMode = z.enum(PERMISSION_MODES);

const idleNotificationSchema = z.looseObject({
  type: z.literal("idle_notification"),
  from: z.string(),
  timestamp,
  idleReason: z.enum(["available", "interrupted", "failed"]).optional(),
  summary: z.string().optional(),
  completedTaskId: z.string().optional(),
  completedStatus: z.enum(["resolved", "blocked", "failed"]).optional(),
  failureReason: z.string().optional(),
});

const shutdownRequestSchema = z.looseObject({
  type: z.literal("shutdown_request"),
  requestId: z.string(),
  from: z.string(),
  reason: z.string().optional(),
  timestamp,
});

const shutdownApprovedSchema = z.looseObject({
  type: z.literal("shutdown_approved"),
  requestId: z.string(),
  from: z.string(),
  timestamp,
  paneId: z.string().optional(),
  backendType: z.string().optional(),
});

const shutdownRejectedSchema = z.looseObject({
  type: z.literal("shutdown_rejected"),
  requestId: z.string(),
  from: z.string(),
  timestamp,
  reason: z.string(),
});

const planApprovalRequestSchema = z.looseObject({
  type: z.literal("plan_approval_request"),
  from: z.string(),
  timestamp,
  planFilePath: z.string(),
  planContent: z.string(),
  requestId: z.string(),
});

const planApprovalResponseSchema = z.looseObject({
  type: z.literal("plan_approval_response"),
  requestId: z.string(),
  approved: z.boolean(),
  feedback: z.string().optional(),
  timestamp,
  permissionMode: permissionMode.optional(),
});

const permissionRequestSchema = z.looseObject({
  type: z.literal("permission_request"),
  request_id: z.string(),
  agent_id: z.string(),
  tool_name: z.string(),
  tool_use_id: z.string(),
  description: z.string(),
  input: z.record(z.string(), z.unknown()),
  permission_suggestions: z.array(z.unknown()),
});

const permissionResponseSchema = z.union([
  z.looseObject({
    type: z.literal("permission_response"),
    request_id: z.string(),
    subtype: z.literal("success"),
    response: z.looseObject({
      updated_input: z.record(z.string(), z.unknown()).optional(),
      permission_updates: z.array(z.unknown()).optional(),
    }),
  }),
  z.looseObject({
    type: z.literal("permission_response"),
    request_id: z.string(),
    subtype: z.literal("error"),
    error: z.string(),
  }),
]);

const sandboxPermissionRequestSchema = z.looseObject({
  type: z.literal("sandbox_permission_request"),
  requestId: z.string(),
  workerId: z.string(),
  workerName: z.string(),
  hostPattern: z.looseObject({ host: z.string() }),
});

const sandboxPermissionResponseSchema = z.looseObject({
  type: z.literal("sandbox_permission_response"),
  requestId: z.string(),
  host: z.string(),
  allow: z.boolean(),
});

const taskAssignmentSchema = z.looseObject({
  type: z.literal("task_assignment"),
  taskId: z.string(),
  subject: z.string(),
  description: z.string(),
  assignedBy: z.string(),
  timestamp,
});

const teamPermissionUpdateSchema = z.looseObject({
  type: z.literal("team_permission_update"),
  permissionUpdate: z.looseObject({
    type: z.literal("addRules"),
    rules: z.array(z.unknown()),
    behavior: z.string(),
    destination: z.literal("session"),
  }),
  directoryPath: z.string(),
  toolName: z.string(),
});

const modeSetRequestSchema = z.looseObject({
  type: z.literal("mode_set_request"),
  mode: permissionMode,
  from: z.string(),
});

const teammateTerminatedSchema = z.looseObject({
  type: z.literal("teammate_terminated"),
  message: z.string(),
});

const protocolMessageSchema = z.union([
  idleNotificationSchema,
  shutdownRequestSchema,
  shutdownApprovedSchema,
  shutdownRejectedSchema,
  planApprovalRequestSchema,
  planApprovalResponseSchema,
  permissionRequestSchema,
  permissionResponseSchema,
  sandboxPermissionRequestSchema,
  sandboxPermissionResponseSchema,
  taskAssignmentSchema,
  teamPermissionUpdateSchema,
  modeSetRequestSchema,
  teammateTerminatedSchema,
]);

type ProtocolMessage = z.infer<typeof protocolMessageSchema>;
type IdleNotification = z.infer<typeof idleNotificationSchema>;
type ShutdownRequest = z.infer<typeof shutdownRequestSchema>;
type ShutdownApproved = z.infer<typeof shutdownApprovedSchema>;
type ShutdownRejected = z.infer<typeof shutdownRejectedSchema>;
type PlanApprovalRequest = z.infer<typeof planApprovalRequestSchema>;
type PlanApprovalResponse = z.infer<typeof planApprovalResponseSchema>;
type TaskAssignment = z.infer<typeof taskAssignmentSchema>;
type TeammateTerminated = z.infer<typeof teammateTerminatedSchema>;

/**
 * The structured message a `text` carries, or undefined for plain text (including JSON that is
 * not one of the protocol's messages, which is shown as it is).
 */
export function parseProtocolMessage(text: string): ProtocolMessage | undefined {
  if (!text.trimStart().startsWith("{")) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = protocolMessageSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/** A message's fields as a builder takes them: the type is implied, the time defaults to now. */
type Fields<T extends { type: string; timestamp: string }> = Omit<T, "type" | "timestamp"> & {
  timestamp?: string;
};

function stamped<T extends { type: string; timestamp: string }>(
  type: T["type"],
  fields: Fields<T>,
): string {
  const { timestamp: at, ...rest } = fields;
  return JSON.stringify({ type, ...rest, timestamp: at ?? new Date().toISOString() });
}

export const idleNotification = (fields: Fields<IdleNotification>) =>
  stamped<IdleNotification>("idle_notification", fields);
export const shutdownRequest = (fields: Fields<ShutdownRequest>) =>
  stamped<ShutdownRequest>("shutdown_request", fields);
export const shutdownApproved = (fields: Fields<ShutdownApproved>) =>
  stamped<ShutdownApproved>("shutdown_approved", fields);
export const shutdownRejected = (fields: Fields<ShutdownRejected>) =>
  stamped<ShutdownRejected>("shutdown_rejected", fields);
export const planApprovalRequest = (fields: Fields<PlanApprovalRequest>) =>
  stamped<PlanApprovalRequest>("plan_approval_request", fields);
export const planApprovalResponse = (fields: Fields<PlanApprovalResponse>) =>
  stamped<PlanApprovalResponse>("plan_approval_response", fields);
export const taskAssignment = (fields: Fields<TaskAssignment>) =>
  stamped<TaskAssignment>("task_assignment", fields);

export const teammateTerminated = (message: string) =>
  JSON.stringify({ type: "teammate_terminated", message } satisfies TeammateTerminated);
export const modeSetRequest = (mode: (typeof PERMISSION_MODES)[number], from: string) =>
  JSON.stringify({ type: "mode_set_request", mode, from });

/** A value safe inside a double-quoted XML attribute. */
function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

/** A message as a model is given it: `<teammate-message teammate_id="…" color="…" summary="…">`. */
export function formatTeammateMessage(message: {
  from: string;
  text: string;
  color?: string;
  summary?: string;
}): string {
  const attributes = [
    `teammate_id="${escapeAttribute(message.from)}"`,
    ...(message.color === undefined ? [] : [`color="${escapeAttribute(message.color)}"`]),
    ...(message.summary === undefined ? [] : [`summary="${escapeAttribute(message.summary)}"`]),
  ];
  return `<teammate-message ${attributes.join(" ")}>\n${message.text}\n</teammate-message>`;
}
