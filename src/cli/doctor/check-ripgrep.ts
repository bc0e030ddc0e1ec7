import { execFile } from "node:child_process";
import { programOnPath } from "../../tools/builtin/bash/read-only-jail.js";
import { locateRipgrep } from "../../tools/builtin/ripgrep.js";
import type { DoctorContext } from "./context.js";
import type { DoctorCheckOf } from "./report.js";

/** The first line `rg --version` prints, or why it could not run. */
function ripgrepVersion(path: string): Promise<{ version: string } | { why: string }> {
  return new Promise((resolve) => {
    execFile(path, ["--version"], { timeout: 10_000 }, (error, stdout) => {
      if (error) resolve({ why: `${path} --version failed (${error.message.split("\n")[0]})` });
      else resolve({ version: stdout.split("\n")[0]?.trim() ?? "" });
    });
  });
}

/** The ripgrep Grep and Glob run: the one @vscode/ripgrep ships, else `rg` on PATH. */
export async function checkRipgrep(
  context: Pick<DoctorContext, "env">,
): Promise<DoctorCheckOf<"ripgrep">> {
  const located = await locateRipgrep(undefined, context.env);
  const path = located === "rg" ? programOnPath("rg", context.env.PATH) : located;
  const base = { id: "ripgrep" as const, details: [] };
  if (path === undefined) {
    const why =
      context.env.USE_BUILTIN_RIPGREP === "0"
        ? "USE_BUILTIN_RIPGREP=0 and rg is not on PATH"
        : "@vscode/ripgrep has no binary for this platform and rg is not on PATH";
    return { ...base, ok: false, summary: `not found: ${why}; Grep and Glob cannot run` };
  }
  const ran = await ripgrepVersion(path);
  if ("why" in ran) return { ...base, ok: false, summary: ran.why, path };
  return { ...base, ok: true, summary: `${ran.version} (${path})`, path, version: ran.version };
}
