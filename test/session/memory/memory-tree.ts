import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** A temp folder holding a fake home, keel state folder and project, removed by `cleanup`. */
export interface MemoryTree {
  root: string;
  home: string;
  stateDir: string;
  /** The project's top folder (inside root). */
  project: string;
  /** Writes files (relative to root) with their contents, creating folders. */
  write(files: Record<string, string>): Promise<void>;
  cleanup(): Promise<void>;
}

/** Creates the tree; root is resolved through symlinks so paths compare equal (macOS /tmp). */
export async function createMemoryTree(): Promise<MemoryTree> {
  const root = await realpath(await mkdtemp(join(tmpdir(), "keel-memory-")));
  const tree: MemoryTree = {
    root,
    home: join(root, "home"),
    stateDir: join(root, "home", ".keel"),
    project: join(root, "work", "project"),
    async write(files) {
      for (const [path, content] of Object.entries(files)) {
        const full = join(root, path);
        await mkdir(dirname(full), { recursive: true });
        await writeFile(full, content);
      }
    },
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
  await mkdir(tree.home, { recursive: true });
  await mkdir(tree.project, { recursive: true });
  return tree;
}

/** The paths of memory files under the tree, relative to its root (ignores the real machine's). */
export function pathsUnder(tree: MemoryTree, files: readonly { path: string }[]): string[] {
  return files
    .map((file) => file.path)
    .filter((path) => path.startsWith(`${tree.root}/`))
    .map((path) => path.slice(tree.root.length + 1));
}
