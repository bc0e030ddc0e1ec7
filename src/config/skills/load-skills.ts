import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type { LoadedSkills } from "./skill.js";
import { parseSkillFile, type SkillFileInfo } from "./skill-file.js";
import type { SkillFolder } from "./skill-folders.js";

/** The SKILL.md files directly under a skill folder (one per subfolder), sorted by name. */
async function skillFiles(folder: SkillFolder): Promise<SkillFileInfo[]> {
  let names: string[];
  try {
    names = folder.only ? [...folder.only] : await readdir(folder.dir);
  } catch {
    // No such folder (the usual case) or unreadable: it holds no skills.
    return [];
  }
  const found: SkillFileInfo[] = [];
  for (const dirName of names.sort()) {
    const dir = join(folder.dir, dirName);
    const file = join(dir, "SKILL.md");
    // stat follows links: a skill folder linked in (as installers do) counts.
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile()) {
      const namespace = folder.namespace === undefined ? {} : { namespace: folder.namespace };
      found.push({ dirName, dir, file, source: folder.source, ...namespace });
    }
  }
  return found;
}

/**
 * Reads every `<folder>/<skill>/SKILL.md`. A name found twice keeps the first folder's skill;
 * a file that cannot be used is reported (file and line) and skipped; a bad field is reported
 * and left out.
 */
export async function loadSkills(folders: readonly SkillFolder[]): Promise<LoadedSkills> {
  const loaded: LoadedSkills = { skills: [], problems: [] };
  for (const folder of folders) {
    for (const info of await skillFiles(folder)) {
      let text: string;
      try {
        text = await readFile(info.file, "utf8");
      } catch (error) {
        loaded.problems.push(
          `${info.file}: ${error instanceof Error ? error.message : String(error)}`,
        );
        continue;
      }
      const parsed = parseSkillFile(info, text);
      if (!parsed.ok) {
        loaded.problems.push(parsed.problem);
        continue;
      }
      loaded.problems.push(...parsed.problems);
      if (loaded.skills.some((skill) => skill.name === parsed.skill.name)) continue;
      loaded.skills.push(parsed.skill);
    }
  }
  return loaded;
}
