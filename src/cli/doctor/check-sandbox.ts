import { jailWorks, programOnPath } from "../../tools/builtin/bash/read-only-jail.js";
import { createBashSandbox } from "../../tools/sandbox/bash-sandbox.js";
import type { DoctorContext } from "./context.js";
import type { DoctorSettings } from "./doctor-settings.js";
import type { DoctorCheckOf } from "./report.js";

/** Whether bubblewrap is there and works, for the read-only jail. */
async function readOnlyJail(path: string | undefined): Promise<{ bwrap?: string; why?: string }> {
  const bwrap = programOnPath("bwrap", path);
  if (!bwrap) return { why: "bwrap (bubblewrap) is not installed (apt-get install bubblewrap)" };
  if (!(await jailWorks(bwrap))) {
    return { bwrap, why: `${bwrap} cannot make a jail here (user namespaces refused)` };
  }
  return { bwrap };
}

/**
 * What can confine Bash here: bubblewrap for keel's read-only jail, and Anthropic's sandbox
 * runtime for the `sandbox` settings. Missing bubblewrap, or a sandbox the settings turn on
 * that cannot run, fails the check.
 */
export async function checkSandbox(
  context: Pick<DoctorContext, "env">,
  settings: DoctorSettings,
): Promise<DoctorCheckOf<"sandbox">> {
  const { sandbox } = settings.trusted;
  const jail = await readOnlyJail(context.env.PATH);
  const runtime = await createBashSandbox({ settings: sandbox }).availability();
  const runtimeLine = runtime.available
    ? "the sandbox runtime can run"
    : `the sandbox runtime cannot run here: ${runtime.why}`;
  const enabled = `sandbox.enabled is ${sandbox.enabled ? "on" : "off"}`;
  const failures = [
    ...(jail.why ? [`no read-only jail: ${jail.why}`] : []),
    ...(sandbox.enabled && !runtime.available ? [runtimeLine] : []),
  ];
  return {
    id: "sandbox",
    ok: failures.length === 0,
    summary:
      failures.length > 0
        ? failures.join("; ")
        : `bubblewrap ${jail.bwrap} jails read-only commands; ${runtimeLine} (${enabled})`,
    details: failures.length > 0 ? [`${runtimeLine} (${enabled})`] : [],
    ...(jail.bwrap ? { bwrap: jail.bwrap } : {}),
    enabled: sandbox.enabled,
    runtime: runtime.available ? { available: true } : { available: false, why: runtime.why },
  };
}
