import { z } from "zod";

/** A control request read from stdin (SDK → keel): its id, subtype and the request object. */
export const controlRequestLine = z.object({
  type: z.literal("control_request"),
  request_id: z.string(),
  request: z.object({ subtype: z.string() }).passthrough(),
});

/** A control request as read: the request object keeps every field the SDK sent. */
export type ControlRequestLine = z.infer<typeof controlRequestLine>;

/** The SDK's answer to a request keel sent (matched by request_id). */
export const controlResponseLine = z.object({
  type: z.literal("control_response"),
  response: z.discriminatedUnion("subtype", [
    z.object({
      subtype: z.literal("success"),
      request_id: z.string(),
      response: z.record(z.string(), z.unknown()).optional(),
    }),
    z.object({
      subtype: z.literal("error"),
      request_id: z.string(),
      error: z.string(),
    }),
  ]),
});

/** A control response as read. */
export type ControlResponseLine = z.infer<typeof controlResponseLine>;

/** "I no longer need the answer to my request X" (either direction). */
export const controlCancelLine = z.object({
  type: z.literal("control_cancel_request"),
  request_id: z.string(),
});

/** A success answer to the SDK's request `requestId`. */
export function successLine(requestId: string, response: Record<string, unknown>): object {
  return {
    type: "control_response",
    response: { subtype: "success", request_id: requestId, response },
  };
}

/** An error answer to the SDK's request `requestId` (error_code as the SDK documents it). */
export function errorLine(requestId: string, error: string, errorCode?: string): object {
  return {
    type: "control_response",
    response: {
      subtype: "error",
      request_id: requestId,
      error,
      ...(errorCode === undefined ? {} : { error_code: errorCode }),
    },
  };
}
