import { COMMAND_LINE } from "../../config/settings/cli-layer.js";
import type { SettingsInspection } from "../../config/settings/load.js";
import { absoluteDirectory } from "../../config/settings/merge.js";
import { describeProblem } from "../../config/settings/problems.js";
import type { SettingsSource } from "../../config/settings/sources.js";
import type { PermissionRule } from "../../policy/permission-rule.js";
import type { SessionListings } from "../session-listings.js";

/** The SDK's name for each settings source keel reads (keel's own user file is the user's). */
export const SDK_SETTINGS_SOURCE: Record<Exclude<SettingsSource, "cli">, string> = {
  userClaude: "userSettings",
  userKeel: "userSettings",
  project: "projectSettings",
  local: "localSettings",
  flagSettings: "flagSettings",
};

/**
 * Where a rule comes from, in the SDK's words: a settings file, the command line's flags
 * (`cliArg`), an answer or a host's update for the rest of the session (`session`, which
 * keel's engine names "this session"), or a command's allowed-tools for its turn (`command`).
 */
function ruleSource(rule: PermissionRule): string {
  if (rule.source !== "cli") return SDK_SETTINGS_SOURCE[rule.source];
  if (rule.origin === COMMAND_LINE) return "cliArg";
  return rule.origin === "this session" ? "session" : "command";
}

/** Whether the rule lives in a settings file, in this session's memory, or neither. */
function editability(source: string): "persistent" | "session" | "readonly" {
  if (["userSettings", "projectSettings", "localSettings"].includes(source)) return "persistent";
  return source === "cliArg" || source === "session" ? "session" : "readonly";
}

/** Which settings file (or the command line) names a working folder; else the session added it. */
function folderSource(
  folder: string,
  inspection: SettingsInspection,
  listings: SessionListings,
): string {
  if (listings.addDirFlags().includes(folder)) return "cliArg";
  // The state folder plays no part in where a folder is.
  const roots = { home: listings.home, cwd: listings.cwd, stateDir: "" };
  const layer = inspection.layers.find(
    (candidate) =>
      candidate.source !== "cli" &&
      (candidate.settings.permissions?.additionalDirectories ?? []).some(
        (dir) => absoluteDirectory(dir, roots) === folder,
      ),
  );
  return layer && layer.source !== "cli" ? SDK_SETTINGS_SOURCE[layer.source] : "session";
}

/** list_permission_rules' state (SDKControlPermissionRulesState): what the session decides with. */
export async function permissionRulesState(
  listings: SessionListings,
): Promise<Record<string, unknown>> {
  const inspection = await listings.settings();
  const rules = listings.rules().map((rule) => {
    const source = ruleSource(rule);
    return { behavior: rule.behavior, source, rule: rule.text, editability: editability(source) };
  });
  const workspaceDirectories = listings
    .workingFolders()
    .filter((folder) => folder !== listings.cwd)
    .map((path) => ({ path, source: folderSource(path, inspection, listings) }));
  const skipped = inspection.problems.filter((problem) => problem.effect === "skipped");
  return {
    rules,
    workspaceDirectories,
    originalCwd: listings.cwd,
    // keel reads no managed settings: nothing pins policy rules only.
    managedOnly: false,
    ...(skipped.length > 0
      ? {
          errors: skipped.map((problem) => ({
            file: problem.file,
            path: problem.key,
            message: describeProblem(problem),
          })),
        }
      : {}),
  };
}
