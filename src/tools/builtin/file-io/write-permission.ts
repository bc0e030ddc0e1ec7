import type { ToolUseContext } from "../../context.js";
import type { ToolPermissionResult } from "../../tool.js";
import { isWithinFolder, realPathOf } from "../file-paths.js";
import { protectedPathReason } from "./protected-paths.js";

/**
 * True when `path` lies inside one of `folders`, judged both by the path as written and by
 * where its symlinks lead (a link inside the project pointing at /etc is not inside).
 */
export async function isInsideFolders(path: string, folders: readonly string[]): Promise<boolean> {
  if (!folders.some((folder) => isWithinFolder(path, folder))) return false;
  const real = await realPathOf(path);
  const realFolders = await Promise.all(folders.map((folder) => realPathOf(folder)));
  return realFolders.some((folder) => isWithinFolder(real, folder));
}

/**
 * A file tool's own verdict on writing `path` (absolute): allowed without asking only in
 * acceptEdits mode, inside the working folders, and outside protected places; otherwise ask.
 * Bypass mode is the policy layer's to decide, never the tool's.
 */
export async function checkWritePermission(
  toolName: string,
  path: string,
  context: ToolUseContext,
): Promise<ToolPermissionResult> {
  const folders = [context.options.cwd, ...context.options.additionalDirectories];
  const inside = await isInsideFolders(path, folders);
  const protectedReason = protectedPathReason(path) ?? protectedPathReason(await realPathOf(path));
  const ask = (why: string): ToolPermissionResult => ({
    behavior: "ask",
    message: `${toolName} wants to write ${path} (${why}).`,
  });
  if (!inside) return ask("outside the working folders");
  if (protectedReason) return ask(protectedReason);
  if (context.getAppState().permissionMode === "acceptEdits") return { behavior: "allow" };
  return ask("file edits need approval in this mode");
}
