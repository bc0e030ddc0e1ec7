/** What the model is told about AskUserQuestion. */
export function askUserQuestionDescription(): string {
  return [
    "Asks the user 1–4 multiple-choice questions while you work: to settle an ambiguous request, learn a preference, or choose between approaches.",
    "Each question has a short header, 2–4 options (a label and a description each) and multiSelect when several may be chosen. The user can always answer with their own text instead (Other): do not add an 'Other' option.",
    'Put a recommended option first and add "(Recommended)" to its label. In plan mode, use it for questions before the plan is done, not to ask whether the plan is approved (ExitPlanMode does that).',
    "Where no one can answer (a non-interactive run), the call is denied: go on with your best judgement and say what you assumed.",
  ].join("\n\n");
}
