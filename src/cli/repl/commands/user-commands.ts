import { readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { errorText } from "../error-text.js";
import { type CommandFileInfo, parseCommandFile, type UserCommand } from "./command-file.js";

/** The user's commands, and the files that could not be used (each naming the file). */
export interface LoadedCommands {
  commands: UserCommand[];
  problems: string[];
}

/** A folder of command files and the scope its commands show as. */
export interface CommandFolder {
  dir: string;
  scope: "project" | "user" | "plugin";
  /** Put before every name with a colon: a plugin's commands are `/plugin:command`. */
  namespace?: string;
  /** Only these files of the folder (a plugin's manifest may name single command files). */
  files?: readonly string[];
}

/**
 * The folders commands come from, in precedence order: the user's first, then the project's,
 * then plugins'.
 */
export function commandFolders(roots: {
  cwd: string;
  home: string;
  stateDir: string;
  /** Plugins' command folders (their names are prefixed, so they never shadow the others). */
  pluginCommandFolders?: readonly CommandFolder[];
}): CommandFolder[] {
  return [
    { dir: join(roots.home, ".claude", "commands"), scope: "user" },
    { dir: join(roots.stateDir, "commands"), scope: "user" },
    { dir: join(roots.cwd, ".claude", "commands"), scope: "project" },
    ...(roots.pluginCommandFolders ?? []),
  ];
}

async function markdownFiles(dir: string): Promise<string[]> {
  let entries: Array<{ name: string; isDirectory(): boolean; isFile(): boolean }>;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    // No such folder (the usual case) or unreadable: it holds no commands.
    return [];
  }
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await markdownFiles(path)));
    else if (entry.isFile() && entry.name.endsWith(".md")) files.push(path);
  }
  return files;
}

function fileInfo(folder: CommandFolder, file: string): CommandFileInfo {
  const parts = [
    ...(folder.namespace === undefined ? [] : [folder.namespace]),
    ...relative(folder.dir, file).slice(0, -".md".length).split(sep),
  ];
  // As Claude Code 2.1.332 names them: cl/commit.md is /cl:commit (its scope says project:cl).
  const name = parts.join(":").toLowerCase();
  const namespace = parts.slice(0, -1).join(":");
  return { name, scope: namespace === "" ? folder.scope : `${folder.scope}:${namespace}`, file };
}

/**
 * Reads every `*.md` under the folders (subfolders show in the scope). A name found twice
 * keeps the first folder's command; a file with bad frontmatter is reported and skipped.
 */
export async function loadUserCommands(folders: readonly CommandFolder[]): Promise<LoadedCommands> {
  const commands: UserCommand[] = [];
  const problems: string[] = [];
  for (const folder of folders) {
    for (const file of folder.files ?? (await markdownFiles(folder.dir))) {
      const info = fileInfo(folder, file);
      if (commands.some((c) => c.name === info.name)) continue;
      let text: string;
      try {
        text = await readFile(file, "utf8");
      } catch (error) {
        problems.push(`${file}: ${errorText(error)}`);
        continue;
      }
      const parsed = parseCommandFile(info, text);
      if (parsed.ok) commands.push(parsed.command);
      else problems.push(parsed.problem);
    }
  }
  return { commands, problems };
}
