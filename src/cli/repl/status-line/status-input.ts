import { VERSION } from "../../../version.js";

/** What the session is now, as the status line's input needs it. */
export interface StatusFacts {
  sessionId: string;
  transcriptPath: string;
  cwd: string;
  model: string;
  outputStyle: string;
  totalCostUsd: number;
  /** Since the REPL started, for cost.total_duration_ms. */
  elapsedMs: number;
}

/** `claude-opus-5-5` → `Opus 5.5`; an id of another shape as it is. */
export function modelDisplayName(model: string): string {
  const match = /^claude-([a-z]+)-(\d+(?:-\d{1,2})?)(?:-\d{8})?(\[1m\])?$/i.exec(model);
  if (!match) return model;
  const [, family = "", version = "", oneMillion] = match;
  const name = `${family[0]?.toUpperCase()}${family.slice(1)} ${version.replace("-", ".")}`;
  return oneMillion ? `${name} (1M context)` : name;
}

/**
 * The JSON the status line command reads on stdin, with the fields of Claude Code's
 * (hook_event_name "Status", session, model, workspace, version, output style, cost).
 */
export function statusInput(facts: StatusFacts) {
  return {
    hook_event_name: "Status",
    session_id: facts.sessionId,
    transcript_path: facts.transcriptPath,
    cwd: facts.cwd,
    model: { id: facts.model, display_name: modelDisplayName(facts.model) },
    workspace: { current_dir: facts.cwd, project_dir: facts.cwd },
    version: VERSION,
    output_style: { name: facts.outputStyle },
    cost: { total_cost_usd: facts.totalCostUsd, total_duration_ms: facts.elapsedMs },
  };
}
