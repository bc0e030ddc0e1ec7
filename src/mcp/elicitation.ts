import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { McpSdk } from "./sdk.js";

/** An MCP server's `elicitation/create` request, as keel's hooks and hosts see it. */
export interface ElicitationRequest {
  serverName: string;
  message: string;
  mode: "form" | "url";
  url?: string;
  elicitationId?: string;
  requestedSchema?: Record<string, unknown>;
}

/** The answer sent back to the server (the MCP ElicitResult). */
export interface ElicitationAnswer {
  action: "accept" | "decline" | "cancel";
  content?: Record<string, unknown>;
}

/** Answers a server's request for input; the signal aborts when the server cancels it. */
export type Elicit = (
  request: ElicitationRequest,
  signal: AbortSignal,
) => Promise<ElicitationAnswer>;

/** What keel advertises: form and URL elicitation (the SDK validates each request's mode). */
export const ELICITATION_CAPABILITY = { elicitation: { form: {}, url: {} } } as const;

/** The params of `elicitation/create` keel reads (the SDK checked the rest). */
const elicitParamsSchema = z.looseObject({
  mode: z.enum(["form", "url"]).optional(),
  message: z.string(),
  url: z.string().optional(),
  elicitationId: z.string().optional(),
  requestedSchema: z.record(z.string(), z.unknown()).optional(),
});

/** The request's params as keel's request, or undefined when they are not an elicitation's. */
export function elicitationRequest(
  serverName: string,
  params: unknown,
): ElicitationRequest | undefined {
  const parsed = elicitParamsSchema.safeParse(params);
  if (!parsed.success) return undefined;
  const { mode, message, url, elicitationId, requestedSchema } = parsed.data;
  return {
    serverName,
    message,
    mode: mode ?? "form",
    ...(url === undefined ? {} : { url }),
    ...(elicitationId === undefined ? {} : { elicitationId }),
    ...(requestedSchema === undefined ? {} : { requestedSchema }),
  };
}

/** Has `client` answer its server's elicitation requests through `elicit`. */
export function answerElicitations(
  client: Client,
  sdk: Pick<McpSdk, "ElicitRequestSchema">,
  serverName: string,
  elicit: Elicit,
): void {
  client.setRequestHandler(sdk.ElicitRequestSchema, async (request, extra) => {
    const asked = elicitationRequest(serverName, request.params);
    if (!asked) return { action: "decline" };
    const answer = await elicit(asked, extra.signal);
    // The SDK checks the content against ElicitResult before it is sent.
    const result: ElicitResult = { action: answer.action };
    if (answer.content !== undefined) result.content = answer.content as ElicitResult["content"];
    return result;
  });
}
