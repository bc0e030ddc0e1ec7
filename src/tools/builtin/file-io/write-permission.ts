import type { ToolUseContext } from "../../context.js";
import type { ToolPermissionResult } from "../../tool.js";
import { isInsideFolders, realPathOf } from "./paths.js";
import { protectedPathReason } from "./protected-paths.js";

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
