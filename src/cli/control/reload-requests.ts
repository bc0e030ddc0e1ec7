import { sdkSlashCommand } from "../slash/session-skills.js";
import type { SlashCatalog } from "../slash/slash-catalog.js";
import type { Answer, HostHandlers, HostTargets } from "./host-handler.js";
import type { SdkSlashCommand } from "./initialize-response.js";

/** The skills of a catalog (its commands and saved workflows are not skills). */
function skillsOf(catalog: SlashCatalog): SdkSlashCommand[] {
  const names = new Set(catalog.skillNames);
  return catalog.commands.filter((command) => names.has(command.name)).map(sdkSlashCommand);
}

/** reload_skills: the skill folders read again; the skills found (SDKControlReloadSkillsResponse). */
async function reloadSkills(targets: HostTargets): Promise<Answer> {
  const catalog = await targets.session.reloads.skills();
  return { ok: { skills: skillsOf(catalog) } };
}

/**
 * reload_output_styles: the style folders read again; the names found, built-in first
 * (SDKControlReloadOutputStylesResponse). The style the session answers in stays the one it
 * started with: keel reads the settings' `outputStyle` once.
 */
async function reloadOutputStyles(targets: HostTargets): Promise<Answer> {
  const { available } = await targets.session.outputStyles();
  return { ok: { available_output_styles: available } };
}

/**
 * register_repo_root: a strict subfolder of a starting working folder joins the working
 * folders and DirectoryAdded hooks fire (source register_repo_root); `reload_skills` then
 * reads the skills again, the folder's `.claude/skills` with them. keel loads no CLAUDE.md of
 * an added folder, so `reload_claude_md` is refused before anything is done; `reload_plugins`
 * is refused the same way (keel reads no plugins mid-session).
 */
async function registerRepoRoot(
  targets: HostTargets,
  request: Record<string, unknown>,
): Promise<Answer> {
  const { directory } = request;
  if (typeof directory !== "string") {
    return { error: "register_repo_root: directory must be a string (a folder path)" };
  }
  for (const [flag, why] of REFUSED_REPO_ROOT_FLAGS) {
    if (request[flag] === true) return { error: `register_repo_root: ${flag} ${why}` };
  }
  const outcome = await targets.session.addDirectory(directory, "register_repo_root");
  if (outcome.kind === "refused") return { error: `register_repo_root: ${outcome.reason}` };
  if (request.reload_skills === true) await targets.session.reloads.skills();
  return { ok: { directory: outcome.directory } };
}

/** register_repo_root's reload flags keel cannot honour, and why. */
const REFUSED_REPO_ROOT_FLAGS: ReadonlyArray<readonly [string, string]> = [
  [
    "reload_claude_md",
    "is not supported: keel loads no CLAUDE.md of an added folder (send the request without it)",
  ],
  [
    "reload_plugins",
    "is not supported: keel reads its plugins once, as the session starts (send the request without it)",
  ],
];

/** The reload requests (skills, output styles) and register_repo_root's reloads. */
export const RELOAD_HANDLERS: HostHandlers = {
  reload_skills: reloadSkills,
  reload_output_styles: reloadOutputStyles,
  register_repo_root: registerRepoRoot,
};
