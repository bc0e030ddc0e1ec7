import {
  isJsonObject,
  localSettingsPath,
  type SaveOutcome,
  updateSettingsFile,
} from "./commands/settings-json-file.js";

/**
 * Adds allow rules to `permissions.allow` of the settings file at `path` ("don't ask again for
 * this project"), keeping every other key and the rules already there; a rule already listed is
 * not added twice. A file that is not a JSON object, or whose `permissions` or `allow` has
 * another shape, is left as it is.
 */
export function saveAllowRules(path: string, rules: readonly string[]): Promise<SaveOutcome> {
  return updateSettingsFile(path, (settings) => {
    const permissions = settings.permissions;
    if (permissions !== undefined && !isJsonObject(permissions)) {
      return { ok: false, why: "has a `permissions` that is not an object" };
    }
    const block = isJsonObject(permissions) ? permissions : {};
    const allow = block.allow ?? [];
    if (!Array.isArray(allow))
      return { ok: false, why: "has a `permissions.allow` that is not a list" };
    const added = rules.filter((rule) => !allow.includes(rule));
    return {
      ok: true,
      settings: { ...settings, permissions: { ...block, allow: [...allow, ...added] } },
    };
  });
}

/**
 * "Don't ask again for this project": saves the rules to the project's settings.local.json;
 * when the file cannot take them, says so through `warn` (the rules still hold for the session).
 */
export async function keepProjectRules(
  cwd: string,
  rules: readonly string[],
  warn: (text: string) => void,
): Promise<void> {
  const saved = await saveAllowRules(localSettingsPath(cwd), rules);
  if (!saved.saved) warn(`${saved.why}. ${rules.join(", ")} is allowed for this session only.`);
}
