import { relative } from "node:path";
import { protectedPathReason } from "../tools/builtin/file-io/protected-paths.js";
import type { CallSubject } from "./call-subject.js";
import { isInsideAny } from "./folders.js";
import type { RealPathResolver } from "./real-paths.js";
import { isFileEditTool } from "./tool-targets.js";

/**
 * True when the call is a file tool writing one file inside the auto memory folder, both as
 * written (`..` resolved) and as it really leads (symlinks followed): the one write into keel's
 * state folder that needs nobody's approval while auto memory is on (docs/memory.md).
 * A `.git` or `.claude` folder inside it stays protected.
 */
export async function isAutoMemoryWrite(
  memoryDir: string | undefined,
  toolName: string,
  subject: CallSubject,
  realFolder: RealPathResolver,
): Promise<boolean> {
  if (memoryDir === undefined || subject.bash || !isFileEditTool(toolName)) return false;
  const [file] = subject.files;
  if (!file || subject.files.length !== 1 || subject.unresolved.length > 0) return false;
  if (file.access !== "write" || file.use !== "entry") return false;
  if (!(await isInsideAny(file.forms, [memoryDir], realFolder))) return false;
  const inside = relative(memoryDir, file.forms.written);
  return protectedPathReason(inside) === undefined;
}
