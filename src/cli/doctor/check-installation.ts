import { VERSION } from "../../version.js";
import type { DoctorContext } from "./context.js";
import type { DoctorCheckOf } from "./report.js";

/** The oldest Node keel runs on (package.json `engines`). */
const MIN_NODE_MAJOR = 20;

/** keel's version, where it runs from, and whether this Node is one it supports. */
export function checkInstallation(
  context: Pick<DoctorContext, "executable">,
  node: string = process.version,
): DoctorCheckOf<"installation"> {
  const platform = `${process.platform} ${process.arch}`;
  const major = Number(/^v(\d+)/.exec(node)?.[1] ?? 0);
  const ok = major >= MIN_NODE_MAJOR;
  return {
    id: "installation",
    ok,
    summary: ok
      ? `keel ${VERSION} on Node ${node} (${platform})`
      : `keel ${VERSION} needs Node ${MIN_NODE_MAJOR} or newer; this is ${node}`,
    details: [context.executable],
    version: VERSION,
    node,
    platform,
    executable: context.executable,
  };
}
