import { readdir, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { z } from "zod";
import { parseLenientFrontmatter } from "../config/lenient-frontmatter.js";

/** Where an output style is defined (shown by /output-style and /config). */
type OutputStyleSource = "built-in" | "project" | "user" | "plugin";

/** An output style: how answers are written, added to the system prompt. */
export interface OutputStyle {
  name: string;
  prompt: string;
  /** The frontmatter's `description` (a built-in style's own), shown in the style menus. */
  description?: string;
  source?: OutputStyleSource;
  /** The Markdown file of a custom style. */
  file?: string;
}

/** The styles Claude Code has built in besides `default`, in keel's words. */
const BUILT_IN: readonly OutputStyle[] = [
  {
    name: "Explanatory",
    source: "built-in",
    description: "Explains its implementation choices and the codebase's patterns as it works",
    prompt:
      "Besides doing the task, explain as you go: before and after a change, say in a few sentences why the code is the way it is, which choices you made and what the user can learn from them about this codebase.",
  },
  {
    name: "Learning",
    source: "built-in",
    description: "Learn by doing: leaves small pieces of code for you to write (TODO(human))",
    prompt:
      "Work with the user as a teacher: explain your reasoning, and where a small, meaningful piece of code (a few lines of a decision or design) is needed, leave it to the user with a `TODO(human)` marker and say exactly what it should do, then wait for them.",
  },
];

const FRONTMATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const fields = z.looseObject({
  name: z.string().optional(),
  description: z.string().optional(),
});

/** One style file: `name` from the frontmatter, else the file name (undefined if unreadable). */
async function readStyle(file: string): Promise<OutputStyle | undefined> {
  const text = await readFile(file, "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  const match = FRONTMATTER.exec(text);
  const parsed = match ? parseLenientFrontmatter(match[1] ?? "") : undefined;
  const data = parsed?.ok ? fields.safeParse(parsed.data) : undefined;
  const name = data?.success ? data.data.name : undefined;
  const description = data?.success ? data.data.description : undefined;
  const prompt = (match ? text.slice(match[0].length) : text).trim();
  return {
    name: name ?? basename(file, ".md"),
    prompt,
    file,
    ...(description === undefined ? {} : { description }),
  };
}

/** The styles of one `output-styles` folder. */
async function folderStyles(dir: string, source: OutputStyleSource): Promise<OutputStyle[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const files = names.filter((n) => n.endsWith(".md")).sort();
  return stylesOf(
    files.map((file) => join(dir, file)),
    source,
  );
}

async function stylesOf(
  files: readonly string[],
  source: OutputStyleSource,
): Promise<OutputStyle[]> {
  const styles = await Promise.all(files.map(readStyle));
  return styles.filter((style) => style !== undefined).map((style) => ({ ...style, source }));
}

/** A plugin's style files and folders: its styles are `plugin:style`. */
interface PluginStyles {
  namespace: string;
  dirs: readonly string[];
  files: readonly string[];
}

async function pluginStyles(plugin: PluginStyles): Promise<OutputStyle[]> {
  const styles = [
    ...(await Promise.all(plugin.dirs.map((dir) => folderStyles(dir, "plugin")))).flat(),
    ...(await stylesOf(plugin.files, "plugin")),
  ];
  return styles.map((style) => ({ ...style, name: `${plugin.namespace}:${style.name}` }));
}

/** Where output styles are looked for: the project, the home folder, the session's plugins. */
export interface OutputStyleRoots {
  cwd: string;
  home: string;
  plugins?: readonly PluginStyles[];
}

/** The user's own output styles folder (Claude Code's `~/.claude/output-styles`). */
export function userOutputStylesDir(home: string): string {
  return join(home, ".claude", "output-styles");
}

/** The custom styles: the project's first, then the user's, then the plugins'. */
async function customStyles(roots: OutputStyleRoots): Promise<OutputStyle[]> {
  return [
    ...(await folderStyles(join(roots.cwd, ".claude", "output-styles"), "project")),
    ...(await folderStyles(userOutputStylesDir(roots.home), "user")),
    ...(await Promise.all((roots.plugins ?? []).map(pluginStyles))).flat(),
  ];
}

/** The `default` style: no section is added to the system prompt. */
const DEFAULT_OUTPUT_STYLE: OutputStyle = {
  name: "default",
  prompt: "",
  source: "built-in",
  description: "keel's own way of answering: concise, to do the task",
};

/**
 * Every style the `outputStyle` setting can name, as a menu lists them: `default` and the
 * built-in ones, then the custom ones; a name defined twice is listed once, as
 * findOutputStyle would take it (a custom style wins over a built-in one of its name).
 */
export async function listOutputStyles(roots: OutputStyleRoots): Promise<OutputStyle[]> {
  const custom = await customStyles(roots);
  const taken = (style: OutputStyle) => custom.find((s) => s.name === style.name) ?? style;
  const builtIn = [DEFAULT_OUTPUT_STYLE, ...BUILT_IN.map(taken)];
  const rest = custom.filter((style, index) => {
    const first = custom.findIndex((s) => s.name === style.name) === index;
    return first && !builtIn.includes(style) && style.name !== "default";
  });
  return [...builtIn, ...rest];
}

/**
 * The output style the `outputStyle` setting names: Claude Code's built-in ones, or a
 * Markdown file of `.claude/output-styles/` in the project or `~/.claude/` (the project's
 * first), or a plugin's (`plugin:style`). `default` (or no setting) is none; a name found nowhere is an error to report.
 */
export async function findOutputStyle(
  name: string | undefined,
  roots: OutputStyleRoots,
): Promise<{ style?: OutputStyle; problem?: string }> {
  if (name === undefined || name === "default") return {};
  const custom = await customStyles(roots);
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
