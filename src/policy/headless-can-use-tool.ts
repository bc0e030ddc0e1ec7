import type { CanUseTool, PermissionResult } from "../tools/context.js";

/** The tools that --permission-mode acceptEdits allows inside the working folder. */
const FILE_EDIT_TOOLS = new Set(["Write", "Edit"]);

/**
 * Permissions when no person can be asked (print mode): the tool's own verdict, then the
 * mode. "Ask" becomes a denial whose message says which flag would allow the call
 * (contracts.md §6); the model sees it as an error result and carries on.
 */
export const headlessCanUseTool: CanUseTool = async (
  tool,
  input,
  context,
): Promise<PermissionResult> => {
  const verdict = tool.checkPermissions
    ? await tool.checkPermissions(input, context)
    : ({ behavior: "passthrough" } as const);
  if (verdict.behavior === "deny") return { behavior: "deny", message: verdict.message };
  const mode = context.getAppState().permissionMode;
  if (verdict.behavior === "allow") {
    return verdict.updatedInput
      ? { behavior: "allow", updatedInput: verdict.updatedInput }
      : { behavior: "allow" };
  }
  if (mode === "bypassPermissions") return { behavior: "allow" };
  const why = verdict.behavior === "ask" ? `${verdict.message}. ` : "";
  const hint = FILE_EDIT_TOOLS.has(tool.name)
    ? "Run keel with --permission-mode acceptEdits (file edits inside the working folder) or --permission-mode bypassPermissions to allow it."
    : "Run keel with --permission-mode bypassPermissions to allow it.";
  return {
    behavior: "deny",
    message: `Permission to use ${tool.name} was denied: ${why}keel is running headless, with no one to approve the call. ${hint}`,
  };
};
