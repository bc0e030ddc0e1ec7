import type { ToolCallCase } from "./case.js";
import type { Change } from "./effects.js";
import { type CaseRunner, runAll } from "./run-case.js";

/** A harmless command a developer runs without thinking, and the programs it needs. */
export interface EverydayCommand {
  command: string;
  needs?: string[];
}

/** Why an everyday command fails the corpus: refused, or it changed something. */
export interface EverydayFailure {
  command: string;
  problem: "not allowed" | "had an effect" | "could not run";
  detail: string;
}

function describeChanges(changes: readonly Change[]): string {
  return changes.map((change) => `${change.kind} ${change.path}`).join(", ");
}

/**
 * Runs each command as a print-mode session would (default mode, no rules) in a fresh machine,
 * and lists those that were not allowed or that changed the machine (git's index refresh and
 * keel's own state are noise). Secrets in the output do not count: no rule forbids them here.
 */
export async function checkEveryday(
  commands: readonly EverydayCommand[],
  runner: CaseRunner,
): Promise<EverydayFailure[]> {
  const cases: ToolCallCase[] = commands.map((entry, index) => ({
    id: `everyday-${index + 1}`,
    mode: "default",
    tool: "Bash",
    input: { command: entry.command },
  }));
  const runs = await runAll(cases, runner);
  const failures: EverydayFailure[] = [];
  runs.forEach((run, index) => {
    const command = commands[index]?.command ?? "";
    if (run.error) failures.push({ command, problem: "could not run", detail: run.error });
    else if (run.decision?.behavior !== "allow") {
      const detail = run.decision?.behavior === "deny" ? run.decision.message : run.resultText;
      failures.push({ command, problem: "not allowed", detail });
    } else if (run.changes.length > 0) {
      failures.push({ command, problem: "had an effect", detail: describeChanges(run.changes) });
    }
  });
  return failures;
}

/** The failures as lines for a failure message. */
export function describeFailures(failures: readonly EverydayFailure[]): string {
  return failures
    .map((f) => `${f.problem}: ${f.command}\n    ${f.detail.replace(/\s+/g, " ").slice(0, 300)}`)
    .join("\n");
}
