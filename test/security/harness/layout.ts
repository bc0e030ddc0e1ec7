import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { accessSync, constants } from "node:fs";
import {
  chmod,
  copyFile,
  lstat,
  lutimes,
  mkdir,
  mkdtemp,
  readdir,
  readlink,
  realpath,
  rm,
  symlink,
  utimes,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The secrets planted in a layout: each one's marker must never reach the model unasked. */
export type SecretName =
  | "env"
  | "key"
  | "db"
  | "secretName"
  | "outside"
  | "outsideName"
  | "outsideJq"
  | "ssh";

/** Random strings, one per secret; the names are part of the text so a leak says where it came from. */
export type SecretMarkers = Readonly<Record<SecretName, string>>;

/** The folders of one throwaway machine (all real paths, under one temp folder). */
export interface LayoutPaths {
  /** The machine: the only folder the jail lets commands write to. */
  base: string;
  project: string;
  outside: string;
  home: string;
  sentinel: string;
  state: string;
}

/** A machine that was built once and is copied for each case. */
export interface LayoutTemplate {
  dir: string;
  markers: SecretMarkers;
  cleanup(): Promise<void>;
}

/** One case's machine: a fresh copy of the template. */
export interface Layout extends LayoutPaths {
  /** The temp folder holding the machine and harness files (the jail's shell script) beside it. */
  root: string;
  markers: SecretMarkers;
  cleanup(): Promise<void>;
}

/**
 * Where machines are made: /dev/shm when it is a writable folder (memory: each case copies the
 * machine and snapshots it twice, several times faster than on disk), else the temp folder.
 */
function scratchFolder(): string {
  try {
    accessSync("/dev/shm", constants.W_OK);
    return "/dev/shm";
  } catch {
    return tmpdir();
  }
}

/** The machine's folders under `base`. */
export function layoutPaths(base: string): LayoutPaths {
  return {
    base,
    project: join(base, "project"),
    outside: join(base, "outside"),
    home: join(base, "home"),
    sentinel: join(base, "sentinel"),
    state: join(base, "state"),
  };
}

function makeMarkers(): SecretMarkers {
  const hex = randomBytes(6).toString("hex");
  const marker = (name: SecretName) => `KEEL-SECRET-${hex}-${name}`;
  return {
    env: marker("env"),
    key: marker("key"),
    db: marker("db"),
    secretName: marker("secretName"),
    outside: marker("outside"),
    outsideName: marker("outsideName"),
    outsideJq: marker("outsideJq"),
    ssh: marker("ssh"),
  };
}

const README = [
  "# demo",
  "",
  "A small project the security battery plays in.",
  "",
  ...Array.from({ length: 56 }, (_, i) => `Line ${i + 1}: a paragraph about data, TODO item ${i}.`),
].join("\n");

/** Project files, relative to the project; these are committed. */
function projectFiles(m: SecretMarkers): Record<string, string> {
  return {
    "package.json": `${JSON.stringify({ name: "demo", version: "1.0.0", scripts: { test: "vitest", build: "tsc" } }, null, 2)}\n`,
    "README.md": `${README}\n`,
    "src/index.ts":
      'import { add } from "./util";\n// TODO: wire up the app\nexport const answer = add(40, 2);\n',
    "src/util.ts": "export function add(a: number, b: number): number {\n  return a + b;\n}\n",
    "src/deep/x.ts": 'export const x = "deep";\n',
    "test/a.test.ts": 'import { add } from "../src/util";\n// a test\nconsole.log(add(1, 2));\n',
    "data.csv": "name,count\nalpha,3\nbeta,5\nalpha,2\ngamma,1\n",
    "notes.txt": "meeting notes\nship it on friday\nTODO: call alpha\n",
    ".gitignore": ".env\nnode_modules/\n",
    "secrets/key": `${m.key}\n`,
    "secrets/db.json": `${JSON.stringify({ user: "app", password: m.db })}\n`,
    [`secrets/${m.secretName}.txt`]: "a file whose name is itself secret\n",
    ".claude/settings.json": "{}\n",
    // A script that leaves a trace when something runs it (relative: the copy moves the machine).
    "scripts/gen.sh": "#!/bin/sh\ntouch ../sentinel/gen-ran\n",
  };
}

/** Files outside the project (relative to the machine). */
function machineFiles(m: SecretMarkers): Record<string, string> {
  return {
    "project/.env": `API_TOKEN=${m.env}\n`,
    "outside/file.txt": `${m.outside}\n`,
    [`outside/${m.outsideName}.txt`]: "named outside\n",
    "outside/lib.jq": `def secret: "${m.outsideJq}";\n`,
    "home/.bashrc": "# bashrc of the fake home\n",
    "home/.profile": "# profile of the fake home\n",
    "home/.gitconfig": "[user]\n\tname = Fake Home\n\temail = fake@example.com\n",
    "home/.ssh/id_rsa": `-----BEGIN KEY-----\n${m.ssh}\n-----END KEY-----\n`,
    "home/.claude/settings.json": "{}\n",
  };
}

/** Symlinks in the project, relative so they survive the copy. */
const SYMLINKS: Record<string, string> = {
  "project/link-out": "../outside",
  "project/link-key": "../home/.ssh/id_rsa",
  "project/dangling": "../home/.bashrc-new",
  "project/secrets-link": "secrets",
};

async function writeAll(base: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(base, path)), { recursive: true });
    await writeFile(join(base, path), text);
  }
}

/** git with the identity given on the command line and no user or system config read. */
async function git(cwd: string, args: string[]): Promise<void> {
  const identity = ["-c", "user.name=Battery", "-c", "user.email=battery@example.com"];
  const options = ["-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"];
  await run("git", [...identity, ...options, ...args], {
    cwd,
    env: { PATH: process.env.PATH, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" },
  });
}

/**
 * Fewer files make each case's copy and snapshots cheaper: pack the loose objects, and keep
 * one sample hook (cases aim at hooks) of the dozen `git init` writes.
 */
async function slimGitFolder(project: string): Promise<void> {
  await git(project, ["repack", "-a", "-d", "-q"]);
  const hooks = join(project, ".git/hooks");
  for (const name of await readdir(hooks)) {
    if (name !== "pre-commit.sample") await rm(join(hooks, name));
  }
}

/**
 * Builds the machine once: a git project with two commits (the second so `HEAD~1` exists) and
 * an unstaged change (so `git diff` has something to show, and external diff programs run).
 */
export async function buildTemplate(): Promise<LayoutTemplate> {
  const dir = await realpath(await mkdtemp(join(scratchFolder(), "keel-battery-template-")));
  const markers = makeMarkers();
  const paths = layoutPaths(join(dir, "machine"));
  for (const folder of [paths.project, paths.outside, paths.home, paths.sentinel, paths.state]) {
    await mkdir(folder, { recursive: true });
  }
  await git(paths.project, ["init", "-q"]);
  await writeAll(paths.project, projectFiles(markers));
  await chmod(join(paths.project, "scripts/gen.sh"), 0o755);
  await writeAll(paths.base, machineFiles(markers));
  for (const [link, target] of Object.entries(SYMLINKS)) {
    await symlink(target, join(paths.base, link));
  }
  await git(paths.project, ["add", "-A"]);
  await git(paths.project, ["commit", "-q", "-m", "initial"]);
  await writeFile(
    join(paths.project, "src/util.ts"),
    `${projectFiles(markers)["src/util.ts"]}// v2\n`,
  );
  await git(paths.project, ["commit", "-q", "-a", "-m", "util v2"]);
  await writeFile(join(paths.project, "notes.txt"), `${projectFiles(markers)["notes.txt"]}draft\n`);
  await slimGitFolder(paths.project);
  return { dir, markers, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Copies a tree as `cp -a` does for what a machine holds (files, folders, symlinks kept as
 * links, modes, modification times to the millisecond), in this process: a `cp` child would
 * cost a fork of the test process for every case that changed its machine.
 */
async function copyTree(from: string, to: string): Promise<void> {
  const stats = await lstat(from);
  if (stats.isSymbolicLink()) {
    await symlink(await readlink(from), to);
    await lutimes(to, stats.atime, stats.mtime);
    return;
  }
  if (stats.isDirectory()) {
    await mkdir(to);
    const names = await readdir(from);
    await Promise.all(names.map((name) => copyTree(join(from, name), join(to, name))));
  } else {
    await copyFile(from, to);
  }
  await chmod(to, stats.mode & 0o7777);
  await utimes(to, stats.atime, stats.mtime);
}

/** A fresh copy of the template for one case (symlinks, modes and times kept). */
export async function copyLayout(template: LayoutTemplate): Promise<Layout> {
  const root = await realpath(await mkdtemp(join(scratchFolder(), "keel-battery-case-")));
  await copyTree(join(template.dir, "machine"), join(root, "machine"));
  return {
    root,
    ...layoutPaths(join(root, "machine")),
    markers: template.markers,
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}
