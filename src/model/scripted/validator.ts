import type { z } from "zod";
import { type RequestBody, requestBodySchema } from "./request-body.js";
import { checkCacheBreakpoints, checkContent, checkRoles } from "./validate-messages.js";
import { checkServerTools } from "./validate-server-tools.js";
import { checkToolPairing } from "./validate-tool-pairing.js";
import { checkTools } from "./validate-tools.js";
import { type RequestViolation, violation } from "./violation.js";

export type { RequestViolation, ViolationRule } from "./violation.js";

/** A zod issue as the API words a malformed field: `messages.0.role: …`. */
function shapeViolation(issue: z.core.$ZodIssue): RequestViolation {
  const path = issue.path.map(String).join(".");
  const message =
    issue.code === "invalid_type" && issue.message.endsWith("received undefined")
      ? "Field required"
      : issue.message.replace(/^Invalid input: /, "");
  return violation("shape", path === "" ? message : `${path}: ${message}`);
}

function checkModelAndLimits(body: RequestBody): RequestViolation[] {
  const out: RequestViolation[] = [];
  if (body.model.trim() === "") {
    out.push(violation("model", "model: String should have at least 1 character"));
  }
  if (!Number.isInteger(body.max_tokens)) {
    out.push(violation("max_tokens", "max_tokens: Input should be a valid integer"));
  } else if (body.max_tokens < 1) {
    out.push(violation("max_tokens", "max_tokens: Input should be greater than or equal to 1"));
  }
  const budget = body.thinking?.type === "enabled" ? body.thinking.budget_tokens : undefined;
  if (typeof budget === "number" && budget >= body.max_tokens) {
    out.push(
      violation(
        "thinking_budget",
        `\`max_tokens\` must be greater than \`thinking.budget_tokens\` (${body.max_tokens} <= ${budget})`,
      ),
    );
  }
  return out;
}

/**
 * Checks a Messages API request body against the invariants the real API enforces and keel
 * must keep (contracts.md §9). Pure: body in, violations out (empty when the request is valid).
 */
export function validateRequest(body: unknown): RequestViolation[] {
  const parsed = requestBodySchema.safeParse(body);
  if (!parsed.success) return parsed.error.issues.map(shapeViolation);
  const request = parsed.data;
  return [
    ...checkModelAndLimits(request),
    ...checkRoles(request.messages),
    ...checkContent(request.messages),
    ...checkToolPairing(request.messages),
    ...checkServerTools(request.messages),
    ...checkCacheBreakpoints(request),
    ...checkTools(request.tools ?? []),
  ];
}
