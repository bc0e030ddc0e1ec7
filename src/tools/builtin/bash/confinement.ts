import type { BashSandbox, CallPlaces } from "../../sandbox/bash-sandbox.js";
import { type JailPlan, jailArgs } from "./read-only-jail.js";

/**
 * What a command runs inside: keel's read-only jail (a command the read-only verdict alone
 * allowed), or the sandbox Claude Code's `sandbox` settings ask for.
 */
export type Confinement =
  | { kind: "jail"; plan: JailPlan }
  | { kind: "sandbox"; sandbox: BashSandbox; shellPath: string; places: CallPlaces };

/** How the shell is started: the program, its flags before `-c`, and the script. */
export interface ShellLaunch {
  shell: string;
  shellFlags?: readonly string[];
  script: string;
}

/** One confined call: the model's command, and the folder keel gave it for its own report. */
export interface ConfinedCall {
  command: string;
  id: string;
  signal: AbortSignal;
  /**
   * A fresh folder of this call's own (where the shell reports its final folder): the only
   * place outside the working folders it may write. Never keel's session folder: a link
   * planted there would steer keel's own later writes, which no sandbox confines.
   */
  reportDir?: string;
}

/** The launch of `script` (the model's `command` with keel's additions) in its confinement. */
export async function confinedLaunch(
  confinement: Confinement | undefined,
  shell: string,
  script: string,
  call: ConfinedCall,
): Promise<ShellLaunch> {
  if (!confinement) return { shell, script };
  const report = call.reportDir === undefined ? [] : [call.reportDir];
  if (confinement.kind === "jail") {
    const plan = { ...confinement.plan, writable: report };
    // `bwrap <jail> -- bash -c …`: the shell's flags come after the jail's.
    return { shell: plan.bwrap, shellFlags: [...jailArgs(plan), "--", plan.shell], script };
  }
  const { places } = confinement;
  const wrapped = await confinement.sandbox.wrap({
    script,
    commandText: call.command,
    id: call.id,
    shell: confinement.shellPath,
    places: { ...places, writable: [...places.writable, ...report] },
    signal: call.signal,
  });
  return { shell, script: wrapped };
}
