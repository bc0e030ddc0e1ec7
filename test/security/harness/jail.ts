import { accessSync, constants } from "node:fs";
import { writeFile } from "node:fs/promises";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Layout } from "./layout.js";

/** How the Bash tool's shell runs: inside bubblewrap, or plainly when it is missing. */
export type Jail = { kind: "bwrap"; bwrap: string } | { kind: "none" };

/** The first executable `name` on PATH. */
export function onPath(name: string, path = process.env.PATH ?? ""): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * The jail for this run. Without bwrap the battery runs unjailed (its targets are all inside
 * the layout), unless KEEL_REQUIRE_BWRAP=1 asks for the jail: then it is an error.
 */
export function chooseJail(env: NodeJS.ProcessEnv = process.env): Jail {
  const bwrap = onPath("bwrap", env.PATH);
  if (bwrap) return { kind: "bwrap", bwrap };
  if (env.KEEL_REQUIRE_BWRAP === "1") {
    throw new Error(
      "KEEL_REQUIRE_BWRAP=1 but bwrap is not on PATH: install bubblewrap to run the security battery jailed",
    );
  }
  return { kind: "none" };
}

/** This checkout (its node_modules hold the ripgrep on the machine's PATH): it may be under /tmp. */
const REPOSITORY = fileURLToPath(new URL("../../..", import.meta.url));

function quote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * Writes the shell the Bash tool spawns as `<shell> -c <script>`: bash inside bubblewrap, where
 * only the machine folder is writable (bound last: it lives under /tmp or /dev/shm, which the
 * fresh /tmp and /dev would hide), with no network and no view of other processes. The script sits beside the machine, out of
 * the jail's writable part. No user namespace: this jail must also start inside keel's own
 * read-only jail (a nested bwrap cannot map users there), and keel's stays read-only inside it.
 * Returns "bash" when there is no jail.
 */
export async function jailShell(jail: Jail, layout: Layout): Promise<string> {
  if (jail.kind === "none") return "bash";
  const base = quote(layout.base);
  const script = join(layout.root, "jailed-bash.sh");
  const lines = [
    "#!/bin/sh",
    `exec ${quote(jail.bwrap)} --ro-bind / / --dev /dev --proc /proc --tmpfs /tmp \\`,
    `  --ro-bind ${quote(REPOSITORY)} ${quote(REPOSITORY)} --bind ${base} ${base} \\`,
    "  --unshare-net --unshare-ipc --unshare-pid --unshare-uts \\",
    `  --die-with-parent --chdir "$(pwd -P)" bash "$@"`,
    "",
  ];
  await writeFile(script, lines.join("\n"), { mode: 0o755 });
  return script;
}
