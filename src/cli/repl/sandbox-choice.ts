import type { SandboxMode } from "../../tools/sandbox/bash-sandbox.js";
import type { SessionSandbox } from "../session-sandbox.js";

/**
 * The session's sandbox with the mode /sandbox chose carried in, and a new choice remembered
 * for the sessions /clear and /resume open next (they start from the settings read at launch).
 */
export function rememberedSandbox(
  sandbox: SessionSandbox,
  choice: { mode?: SandboxMode } | undefined,
): SessionSandbox {
  if (!choice) return sandbox;
  if (choice.mode) sandbox.bash.setMode(choice.mode);
  const setMode = (mode: SandboxMode) => {
    choice.mode = mode;
    sandbox.bash.setMode(mode);
  };
  return { ...sandbox, bash: { ...sandbox.bash, setMode } };
}
