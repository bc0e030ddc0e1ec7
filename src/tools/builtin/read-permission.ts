import type { ToolUseContext } from "../context.js";
import type { ToolPermissionResult } from "../tool.js";
import { isWithinFolder, realPathOf } from "./file-paths.js";

/** The folders a tool may read without asking: the working folders and keel's state folder. */
export function readableFolders(context: ToolUseContext, stateDir: string): string[] {
  return [context.options.cwd, ...context.options.additionalDirectories, stateDir];
}

/**
 * Where `path` really leads, or the path itself when that cannot be found out (no permission,
 * a link loop): a read verdict never fails, and reading such a path fails on its own.
 */
function realPathOrAsWritten(path: string): Promise<string> {
  return realPathOf(path).catch(() => path);
}

/**
 * A reading tool's own permission verdict for an absolute path: allow inside the readable
 * folders, otherwise ask. Both sides are compared after resolving symlinks, so the verdict
 * follows where a path really leads.
 */
export async function checkReadPermission(
  toolName: string,
  path: string,
  context: ToolUseContext,
  stateDir: string,
): Promise<ToolPermissionResult> {
  const real = await realPathOrAsWritten(path);
  for (const folder of readableFolders(context, stateDir)) {
    if (isWithinFolder(real, await realPathOrAsWritten(folder))) return { behavior: "allow" };
  }
  const via = real === path ? "" : ` (it leads to ${real})`;
  return {
    behavior: "ask",
    message: `${toolName} wants to read ${path}${via}, which is outside the working folders.`,
  };
}
