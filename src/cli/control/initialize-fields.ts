/**
 * Agent SDK options that reach keel only as fields of the `initialize` request and that keel
 * accepts without acting on (contracts §12): each present field is named once on stderr, with
 * the SDK option it came from and why it changes nothing here.
 */
const NO_EFFECT_FIELDS: readonly { field: string; option: string; why: string }[] = [
  { field: "toolAliases", option: "toolAliases", why: "keel resolves tool names as sent" },
  {
    field: "planModeInstructions",
    option: "planModeInstructions",
    why: "keel's plan-mode reminder is fixed",
  },
  { field: "promptSuggestions", option: "promptSuggestions", why: "keel suggests no prompts" },
  {
    field: "agentProgressSummaries",
    option: "agentProgressSummaries",
    why: "keel writes no progress summaries for subagents",
  },
  {
    field: "forwardSubagentText",
    option: "forwardSubagentText",
    why: "keel forwards a subagent's tool calls only",
  },
  {
    field: "supportedDialogKinds",
    option: "supportedDialogKinds",
    why: "keel sends no request_user_dialog",
  },
  {
    field: "perTaskStopAffordance",
    option: "perTaskStopAffordance",
    why: "an interrupt stops only the turn: background tasks run on until stop_task ends them",
  },
  {
    field: "skills",
    option: "skills",
    why: "keel offers every skill it finds",
  },
  {
    field: "excludeDynamicSections",
    option: "systemPrompt.excludeDynamicSections",
    why: "keel's system prompt keeps its dynamic sections",
  },
  {
    field: "systemPromptSnapshot",
    option: "systemPrompt.snapshot",
    why: "keel renders the system prompt for every request",
  },
];

/** A field counts as given when it holds anything but `undefined`, `null` or `false`. */
function given(value: unknown): boolean {
  return value !== undefined && value !== null && value !== false;
}

/** The one line for each no-effect field the request holds. */
export function initializeNotices(request: Readonly<Record<string, unknown>>): string[] {
  return NO_EFFECT_FIELDS.filter(({ field }) => given(request[field])).map(
    ({ option, why }) => `the Agent SDK's ${option} has no effect in keel (${why})`,
  );
}
