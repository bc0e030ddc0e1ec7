import { defineConfig } from "vitest/config";

/** The conformance suite: keel against the recorded public material in ../shared/protocol. */
export default defineConfig({
  test: {
    include: ["test/conformance/**/*.test.ts"],
    testTimeout: 20_000,
    pool: "forks",
    setupFiles: ["test/setup/after-each-test.ts"],
  },
});
