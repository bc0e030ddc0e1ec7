import { describeProblem } from "../../config/settings/problems.js";
import type { DoctorSettings } from "./doctor-settings.js";
import type { DoctorCheckOf } from "./report.js";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * The settings files found and what is wrong in them. A skipped key or file, or one that would
 * stop keel, fails the check; a Claude Code setting keel lacks is listed but is no fault.
 */
export function checkSettings(settings: DoctorSettings): DoctorCheckOf<"settings"> {
  const { found, problems } = settings.inspection;
  const faults = problems.filter((p) => p.effect !== "no-effect");
  const stops = faults.filter((p) => p.effect === "stops").length;
  const files = found.map(({ path, source, usable }) => ({ path, source, usable }));
  const read = plural(found.length, "settings file");
  let summary = found.length === 0 ? "no settings files" : `${read} read, nothing wrong`;
  if (faults.length > 0) {
    summary = `${plural(faults.length, "problem")} in ${read}`;
    if (stops > 0) summary += ` (${stops} stop keel from starting)`;
  }
  const unhonoured = settings.trusted.sandbox.unhonoured;
  return {
    id: "settings",
    ok: faults.length === 0,
    summary,
    details: [
      ...found.filter((f) => f.usable).map((f) => `read ${f.path}`),
      ...problems.map(describeProblem),
      ...unhonoured,
    ],
    files,
    problems,
  };
}
