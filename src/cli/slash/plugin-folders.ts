import { basename, dirname } from "node:path";
import type { SkillFolder } from "../../config/skills/skill-folders.js";
import type { LoadedPlugin } from "../../plugins/plugin.js";
import type { CommandFolder } from "../repl/commands/user-commands.js";

/** The plugins' skill folders: each skill named `plugin:skill`. */
export function pluginSkillFolders(plugins: readonly LoadedPlugin[]): SkillFolder[] {
  return plugins.flatMap(({ name, skills }) => [
    ...skills.dirs.map((dir) => ({ dir, source: "plugin" as const, namespace: name })),
    ...skills.files.map((dir) => ({
      dir: dirname(dir),
      source: "plugin" as const,
      namespace: name,
      only: [basename(dir)],
    })),
  ]);
}

/** The plugins' command folders: each command named `/plugin:command`. */
export function pluginCommandFolders(plugins: readonly LoadedPlugin[]): CommandFolder[] {
  return plugins.flatMap(({ name, commands }) => [
    ...commands.dirs.map((dir) => ({ dir, scope: "plugin" as const, namespace: name })),
    ...commands.files.map((file) => ({
      dir: dirname(file),
      scope: "plugin" as const,
      namespace: name,
      files: [file],
    })),
  ]);
}
