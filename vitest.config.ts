import { defineConfig } from "vitest/config";

/**
 * Test files that need a process of their own: each checks what a module decides when it is
 * first loaded (colour support, the shell grammar not yet loaded), or counts what the whole
 * process does (code compiled from strings), which work left over from an earlier file in the
 * same worker would add to.
 */
const freshModules = [
  "test/cli/repl/markdown-colour.test.ts",
  "test/tools/shell-parse/lazy-load.test.ts",
  "test/cli/zod-jitless.test.ts",
  "test/cli/wasm-baseline.test.ts",
];

const shared = {
  testTimeout: 20_000,
  hookTimeout: 20_000,
  pool: "forks",
  // Runs for each test file: the helpers' cleanups (a helper's own afterEach would run for the
  // first file that loads it only, as files share loaded modules).
  setupFiles: "test/setup/after-each-test.ts",
} as const;

export default defineConfig({
  test: {
    // Vitest's default is one worker per core minus one: a single worker on a 2-core machine.
    // Most tests wait on child processes and sockets, so two workers use the cores.
    maxWorkers: 2,
    // Once for the run: the projects below do not extend this config (each would build the CLI
    // again), so what they share is spelled out in `shared`.
    globalSetup: ["test/global-setup.ts"],
    projects: [
      {
        test: {
          ...shared,
          name: "unit",
          include: ["test/**/*.test.{ts,tsx}"],
          exclude: ["test/conformance/**", "**/node_modules/**", ...freshModules],
          // A worker keeps the modules it has loaded from one test file to the next: loading
          // them again for each of ~290 files was ~40% of the suite's time. Test files share
          // no state through them (the few that need a process of their own run apart).
          isolate: false,
        },
      },
      { test: { ...shared, name: "fresh-modules", include: freshModules } },
    ],
  },
});
