import { programOnPath } from "../../src/tools/builtin/bash/read-only-jail.js";

/**
 * Whether the sandbox runtime's programs (bubblewrap, socat) are installed, for tests that
 * need them. Without them the tests skip with a notice, except under KEEL_REQUIRE_BWRAP=1
 * (CI installs both), where a missing one fails the file.
 */
export function sandboxRuntimeReady(what: string): boolean {
  const ready =
    programOnPath("bwrap", process.env.PATH) !== undefined &&
    programOnPath("socat", process.env.PATH) !== undefined;
  if (!ready && process.env.KEEL_REQUIRE_BWRAP === "1") {
    throw new Error("KEEL_REQUIRE_BWRAP=1 but bwrap or socat is not on PATH: install both");
  }
  if (!ready) console.warn(`${what} skipped: bwrap or socat is not on PATH`);
  return ready;
}
