// Installs the official Claude Agent SDK that the tests in test/agent-sdk drive keel with. It
// lives in its own small package: the SDK's optional native binary (~384 MB) is not needed
// (keel is the executable), and --omit=optional on the root would drop esbuild's, ripgrep's
// and node-pty's binaries. Runs from `prepare`, so `npm ci` leaves the tests ready to run.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL("../test/agent-sdk", import.meta.url));
if (existsSync(join(dir, "package-lock.json"))) {
  execFileSync("npm", ["ci", "--omit=optional", "--no-audit", "--no-fund", "--prefix", dir], {
    stdio: "inherit",
  });
}
