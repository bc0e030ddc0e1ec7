import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.{ts,tsx}"],
    exclude: ["test/conformance/**", "**/node_modules/**"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: "forks",
    // Vitest's default is one worker per core minus one: a single worker on a 2-core machine.
    // Most tests wait on child processes and sockets, so two workers use the cores.
    maxWorkers: 2,
    globalSetup: ["test/global-setup.ts"],
  },
});
