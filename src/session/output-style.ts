import { readdir, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { z } from "zod";
import { parseLenientFrontmatter } from "../config/lenient-frontmatter.js";

/** An output style: how answers are written, added to the system prompt. */
export interface OutputStyle {
  name: string;
  prompt: string;
}

/** The styles Claude Code has built in besides `default`, in keel's words. */
const BUILT_IN: readonly OutputStyle[] = [
  {
    name: "Explanatory",
    prompt:
      "Besides doing the task, explain as you go: before and after a change, say in a few sentences why the code is the way it is, which choices you made and what the user can learn from them about this codebase.",
  },
  {
    name: "Learning",
    prompt:
      "Work with the user as a teacher: explain your reasoning, and where a small, meaningful piece of code (a few lines of a decision or design) is needed, leave it to the user with a `TODO(human)` marker and say exactly what it should do, then wait for them.",
  },
];

const FRONTMATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const fields = z.looseObject({ name: z.string().optional() });

/** One style file: `name` from the frontmatter, else the file name (undefined if unreadable). */
async function readStyle(file: string): Promise<OutputStyle | undefined> {
  const text = await readFile(file, "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  const match = FRONTMATTER.exec(text);
  const parsed = match ? parseLenientFrontmatter(match[1] ?? "") : undefined;
  const data = parsed?.ok ? fields.safeParse(parsed.data) : undefined;
  const name = data?.success ? data.data.name : undefined;
  const prompt = (match ? text.slice(match[0].length) : text).trim();
  return { name: name ?? basename(file, ".md"), prompt };
}

/** The styles of one `output-styles` folder. */
async function folderStyles(dir: string): Promise<OutputStyle[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const files = names.filter((n) => n.endsWith(".md")).sort();
  return stylesOf(files.map((file) => join(dir, file)));
}

async function stylesOf(files: readonly string[]): Promise<OutputStyle[]> {
  const styles = await Promise.all(files.map(readStyle));
  return styles.filter((style) => style !== undefined);
}

/** A plugin's style files and folders: its styles are `plugin:style`. */
export interface PluginStyles {
  namespace: string;
  dirs: readonly string[];
  files: readonly string[];
}

async function pluginStyles(plugin: PluginStyles): Promise<OutputStyle[]> {
  const styles = [
    ...(await Promise.all(plugin.dirs.map(folderStyles))).flat(),
    ...(await stylesOf(plugin.files)),
  ];
  return styles.map((style) => ({ ...style, name: `${plugin.namespace}:${style.name}` }));
}

/**
 * The output style the `outputStyle` setting names: Claude Code's built-in ones, or a
 * Markdown file of `.claude/output-styles/` in the project or `~/.claude/` (the project's
 * first), or a plugin's (`plugin:style`). `default` (or no setting) is none; a name found nowhere is an error to report.
 */
export async function findOutputStyle(
  name: string | undefined,
  roots: { cwd: string; home: string; plugins?: readonly PluginStyles[] },
): Promise<{ style?: OutputStyle; problem?: string }> {
  if (name === undefined || name === "default") return {};
  const custom = [
    ...(await folderStyles(join(roots.cwd, ".claude", "output-styles"))),
    ...(await folderStyles(join(roots.home, ".claude", "output-styles"))),
    ...(await Promise.all((roots.plugins ?? []).map(pluginStyles))).flat(),
  ];
  const style = [...custom, ...BUILT_IN].find((s) => s.name === name);
  if (style) return { style };
  const known = ["default", ...BUILT_IN.map((s) => s.name), ...custom.map((s) => s.name)];
  return {
    problem: `outputStyle: no output style is named "${name}" (there are ${known.join(", ")}); keel answers in its default style`,
  };
}

/** The system prompt's section for an output style. */
export function outputStyleSection(style: OutputStyle): string {
  return `# Output style: ${style.name}\n${style.prompt}`;
}
