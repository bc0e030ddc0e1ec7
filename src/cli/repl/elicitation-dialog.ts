import { z } from "zod";
import type { ElicitationRequest } from "../../mcp/elicitation.js";
import type { AskElicitation } from "../session-elicitation.js";
import type { AskPerson, PermissionAnswer } from "./interactive-permissions.js";

/** The dialogs' tool name (the question is no tool call: an MCP server asks). */
const ELICITATION = "Elicitation";

/** One field of a form request's flat schema (MCP allows only primitive properties). */
const propertySchema = z.looseObject({
  type: z.enum(["string", "number", "integer", "boolean"]).optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  enum: z.array(z.string()).optional(),
});

const formSchema = z.looseObject({
  properties: z.record(z.string(), propertySchema).default({}),
  required: z.array(z.string()).default([]),
});

type Field = z.infer<typeof propertySchema> & { name: string; required: boolean };

function fieldsOf(schema: Record<string, unknown> | undefined): Field[] {
  const parsed = formSchema.safeParse(schema ?? {});
  if (!parsed.success) return [];
  const { properties, required } = parsed.data;
  return Object.entries(properties).map(([name, field]) => ({
    ...field,
    name,
    required: required.includes(name),
  }));
}

/** The choices a field offers; an empty list leaves the typed ("Other") line. */
function choicesOf(field: Field): Array<{ label: string; description: string }> {
  if (field.enum) return field.enum.map((value) => ({ label: value, description: "" }));
  if (field.type === "boolean") {
    return [
      { label: "true", description: "yes" },
      { label: "false", description: "no" },
    ];
  }
  return [];
}

/** What the person gave for a field: a chosen option or a typed line; undefined when they left. */
function given(answer: PermissionAnswer): string | undefined {
  if (answer.kind === "answer") return answer.value;
  if (answer.kind === "deny" && answer.feedback.trim() !== "") return answer.feedback.trim();
  return undefined;
}

function fieldValue(field: Field, text: string): unknown {
  if (field.type === "boolean") return text === "true";
  if (field.type === "number" || field.type === "integer") return Number(text);
  return text;
}

async function askUrl(request: ElicitationRequest, ask: AskPerson, signal: AbortSignal) {
  const answer = await ask(
    {
      toolName: ELICITATION,
      summary: `MCP server "${request.serverName}" asks you to open ${request.url ?? "a page"}`,
      message: request.message,
      rules: [],
      options: [
        { label: "Done", description: "I opened it and did what it asks" },
        { label: "Decline", description: "tell the server no" },
      ],
    },
    signal,
  );
  if (answer.kind === "answer")
    return { action: answer.value === "Done" ? "accept" : "decline" } as const;
  return { action: "cancel" } as const;
}

/**
 * The REPL's answer to an MCP server's request for input: a URL request is one question
 * (done, or decline); a form asks each field in turn (an enum's or a boolean's choices, else the
 * typed line). Esc on any question cancels the whole request.
 */
export function replElicitation(ask: AskPerson): AskElicitation {
  return async (request, signal) => {
    if (request.mode === "url") return askUrl(request, ask, signal);
    const content: Record<string, unknown> = {};
    for (const field of fieldsOf(request.requestedSchema)) {
      const about = [field.title, field.description].filter(Boolean).join(": ");
      const answer = await ask(
        {
          toolName: ELICITATION,
          summary: `MCP server "${request.serverName}": ${request.message}`,
          message: `${field.name}${field.required ? " (required)" : ""}${about ? ` — ${about}` : ""}`,
          rules: [],
          options: choicesOf(field),
        },
        signal,
      );
      const text = given(answer);
      if (text === undefined) return { action: "cancel" };
      content[field.name] = fieldValue(field, text);
    }
    return { action: "accept", content };
  };
}
