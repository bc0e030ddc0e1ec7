import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.{ts,tsx}"],
    exclude: ["test/conformance/**", "**/node_modules/**"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: "forks",
    globalSetup: ["test/global-setup.ts"],
  },
});
