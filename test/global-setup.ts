import { execFileSync } from "node:child_process";

/** Builds dist/ once before the suite, so end-to-end tests run the real bundled CLI. */
export default function setup(): void {
  execFileSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
}
