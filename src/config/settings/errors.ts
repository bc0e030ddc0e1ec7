import { describeProblem, type SettingsProblem } from "./problems.js";

/**
 * Settings keel refuses to run with (a broken permissions, hooks or sandbox setting, or a bad
 * `--settings` value); the message has one line per problem, each naming file and key.
 */
export class SettingsError extends Error {
  override readonly name = "SettingsError";
  constructor(readonly problems: readonly SettingsProblem[]) {
    const lines = problems.map(describeProblem);
    super(
      lines.length === 1 ? lines[0] : `settings keel will not run with:\n  ${lines.join("\n  ")}`,
    );
  }
}

/** A JSON path in the usual dotted form: `permissions.deny[2]`, `env["A-B"]`. */
export function formatJsonPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else if (typeof key === "string" && /^[A-Za-z_$][\w$]*$/.test(key)) {
      out += out === "" ? key : `.${key}`;
    } else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}
