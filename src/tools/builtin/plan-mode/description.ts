/** What the model is told about EnterPlanMode. */
export function enterPlanModeDescription(): string {
  return [
    "Switches the session to plan mode, for work that deserves a plan before any change: a new feature, a change across several files, a choice between approaches, or a request that is unclear.",
    "In plan mode you research with read-only tools and write your plan to the plan file (the one file you may write); nothing else changes. When the plan is ready, call ExitPlanMode so the user can approve it.",
    "Do not use it for small, clear tasks (a typo, one obvious fix) or for questions that need only an answer.",
  ].join("\n\n");
}

/** What the model is told about ExitPlanMode. */
export function exitPlanModeDescription(): string {
  return [
    "Presents your plan to the user for approval and, when they approve it, leaves plan mode.",
    "Write the plan to the plan file first (the plan mode reminder names it): ExitPlanMode takes no plan text and reads the file.",
    "Use it only in plan mode, and only once the plan is complete and you have no open questions (ask them with AskUserQuestion first). If the user rejects the plan, their feedback comes back: revise the plan file and call ExitPlanMode again.",
  ].join("\n\n");
}
