import type { OutputStyleRoots } from "../session/output-style.js";
import type { SessionPolicy } from "./session-policy.js";

/** Where a session's output styles are looked for: the project, the home folder, its plugins. */
export function outputStyleRoots(
  policy: Pick<SessionPolicy, "plugins">,
  cwd: string,
  home: string,
): OutputStyleRoots {
  return {
    cwd,
    home,
    plugins: policy.plugins.plugins.map(({ name, outputStyles }) => ({
      namespace: name,
      ...outputStyles,
    })),
  };
}
