import { readFileSync } from "node:fs";

/** Asks whether a process is alive (injected so tests can stage a dead or reused pid). */
export interface ProcessProbe {
  /** Its start time (opaque; Linux /proc starttime), or undefined when it cannot be read. */
  startTime(pid: number): string | undefined;
  /** True while `pid` runs and, when `startTime` is given and readable, is the same process. */
  alive(pid: number, startTime?: string): boolean;
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** The probe of this machine: kill(pid, 0), then /proc for zombies and reused pids. */
export const nodeProcessProbe: ProcessProbe = {
  // Field 22 of stat is starttime; after the name, state is field 3, so it is index 19.
  startTime: (pid) => statFields(pid)?.[19],
  alive(pid, startTime) {
    try {
      process.kill(pid, 0);
    } catch (error) {
      // EPERM: it exists but is someone else's.
      return (error as NodeJS.ErrnoException).code === "EPERM";
    }
    const fields = statFields(pid);
    if (!fields) return true; // no /proc: kill -0 is all there is
    if (fields[0] === "Z" || fields[0] === "X") return false; // exited, not yet reaped
    return startTime === undefined || fields[19] === startTime;
  },
};
