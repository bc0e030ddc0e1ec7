import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import {
  analyseShell,
  readOnlyVerdict,
  realFileSystem,
  type ShellEffects,
} from "../../../src/tools/shell-effects/index.js";

/** A small machine: a project with files and links, a folder beside it, a home. */
export interface Place {
  root: string;
  project: string;
  outside: string;
  home: string;
}

const FILES = [
  "project/README.md",
  "project/src/a.ts",
  "project/src/b.ts",
  "project/src/deep/c.ts",
  "project/secrets/key",
  "project/.env",
  "project/.git/config",
  "outside/file.txt",
  "home/.bashrc",
];

/** Builds the place once for a test file (real paths, removed afterwards). */
export function usePlace(): () => Place {
  let place: Place | undefined;
  beforeAll(async () => {
    const root = await realpath(await mkdtemp(join(tmpdir(), "keel-effects-")));
    for (const file of FILES) {
      await mkdir(dirname(join(root, file)), { recursive: true });
      await writeFile(join(root, file), `${file}\n`);
    }
    await symlink(join(root, "outside"), join(root, "project/link-out"));
    await symlink("../home/.bashrc-new", join(root, "project/dangling"));
    await symlink("secrets", join(root, "project/secrets-link"));
    place = {
      root,
      project: join(root, "project"),
      outside: join(root, "outside"),
      home: join(root, "home"),
    };
  });
  afterAll(async () => {
    if (place) await rm(place.root, { recursive: true, force: true });
  });
  return () => {
    if (!place) throw new Error("the place exists only while the file's tests run");
    return place;
  };
}

/** The effects of a command run in `cwd` (default: the project) with the place's HOME. */
export function effectsIn(
  place: Place,
  command: string,
  cwd = place.project,
): Promise<ShellEffects> {
  return analyseShell(command, {
    cwd,
    home: place.home,
    env: { HOME: place.home, PATH: process.env.PATH },
    fs: realFileSystem,
  });
}

/** The read-only verdict with the project as the only folder. */
export async function readOnlyIn(place: Place, command: string, cwd = place.project) {
  const effects = await effectsIn(place, command, cwd);
  return readOnlyVerdict(effects, {
    folders: [place.project],
    env: { HOME: place.home, PATH: process.env.PATH },
    projectEnv: [],
    fs: realFileSystem,
  });
}

/** The real paths an effects list names, relative to the place's root where they are inside it. */
export function realPaths(place: Place, list: ShellEffects["reads"]): string[] {
  return [
    ...new Set(
      list.flatMap((access) =>
        access.paths.map((path) =>
          path.real.startsWith(`${place.root}/`)
            ? path.real.slice(place.root.length + 1)
            : path.real,
        ),
      ),
    ),
  ].sort();
}
