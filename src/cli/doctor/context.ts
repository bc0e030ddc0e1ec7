/** What the checks look at: the process's surroundings, injected so tests choose them. */
export interface DoctorContext {
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  home: string;
  /** keel's state folder (KEEL_CONFIG_DIR or ~/.keel). */
  stateDir: string;
  /** The keel executable that runs (process.argv[1]). */
  executable: string;
  /** How long a server or the API may take to answer (KEEL_DOCTOR_TIMEOUT_MS, 10 s). */
  timeoutMs: number;
}

/** The doctor's wait for an MCP server or the API: KEEL_DOCTOR_TIMEOUT_MS, else 10 s. */
export function doctorTimeoutMs(env: Readonly<Record<string, string | undefined>>): number {
  const value = Number(env.KEEL_DOCTOR_TIMEOUT_MS);
  return Number.isInteger(value) && value > 0 ? value : 10_000;
}
