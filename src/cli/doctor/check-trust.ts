import type { ProjectCode } from "../../config/settings/project-code.js";
import { folderTrust } from "../../config/trust/trust-store.js";
import { offSummary } from "../repl/startup/folder-code.js";
import type { DoctorContext } from "./context.js";
import type { DoctorSettings } from "./doctor-settings.js";
import type { DoctorCheckOf } from "./report.js";

const describeCode = (code: ProjectCode) => `${code.kind}: ${code.what} (${code.origin})`;

/**
 * Whether the working folder is trusted (contracts §6): a folder whose own files run nothing
 * needs no trust; one that brings hooks, servers, `env` or commands' !`command` lines and is
 * not in keel's trust file fails the check, since the REPL keeps them off until asked.
 */
export async function checkTrust(
  context: Pick<DoctorContext, "cwd" | "stateDir">,
  settings: DoctorSettings,
  code: readonly ProjectCode[],
): Promise<DoctorCheckOf<"trust">> {
  const base = { id: "trust" as const, folder: context.cwd, brings: code.map(describeCode) };
  if (code.length === 0) {
    return {
      ...base,
      ok: true,
      trusted: true,
      summary: `${context.cwd}: nothing in this folder's files runs code; no trust needed`,
      details: [],
    };
  }
  const known = await folderTrust(context.stateDir, context.cwd);
  if (known.trusted) {
    const by = known.by === context.cwd ? "" : ` (by ${known.by})`;
    const summary = `${context.cwd} is trusted${by}`;
    return { ...base, ok: true, trusted: true, by: known.by, summary, details: base.brings };
  }
  const grants = settings.trusted.projectGrants;
  const off = [
    offSummary(code.filter((entry) => entry.kind !== "permission")),
    ...(grants.length > 0 ? [`what its settings grant (${grants.join(", ")})`] : []),
  ].filter((part) => part !== "");
  const why = "problem" in known ? `${known.problem}; ` : "";
  return {
    ...base,
    ok: false,
    trusted: false,
    summary: `${why}${context.cwd} is not trusted: the REPL keeps ${off.join("; ")} off until you trust it`,
    details: base.brings,
  };
}
