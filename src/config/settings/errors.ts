import type { z } from "zod";

/** A settings file (or flag) keel refuses to run with; the message names file, JSON path and problem. */
export class SettingsError extends Error {
  override readonly name = "SettingsError";
  constructor(
    /** The file (or the flag) the settings came from. */
    readonly file: string,
    /** Where in the JSON the problem is (`permissions.deny[2]`), empty for the whole file. */
    readonly jsonPath: string,
    /** What is wrong. */
    readonly problem: string,
  ) {
    super(`${file}: ${jsonPath === "" ? "" : `${jsonPath}: `}${problem}`);
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

/** The first schema problem of a settings file as a SettingsError. */
export function settingsErrorFromZod(file: string, error: z.ZodError): SettingsError {
  const issue = error.issues[0];
  if (!issue) return new SettingsError(file, "", "the settings do not match the schema");
  return new SettingsError(file, formatJsonPath(issue.path), issue.message);
}
