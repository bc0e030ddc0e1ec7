import type { CallSubject } from "./call-subject.js";
import { isAutoMemoryWrite } from "./memory-folder.js";
import type { RealPathResolver } from "./real-paths.js";

/**
 * True when the call is a file tool writing one file inside the session's plans folder, both
 * as written (`..` resolved) and as it really leads (symlinks followed): the one write plan
 * mode allows, and one that needs no approval in any mode (docs/plan-mode.md). The check is
 * the auto memory folder's, applied to another folder.
 */
export function isPlanFolderWrite(
  planDir: string | undefined,
  toolName: string,
  subject: CallSubject,
  realFolder: RealPathResolver,
): Promise<boolean> {
  return isAutoMemoryWrite(planDir, toolName, subject, realFolder);
}
