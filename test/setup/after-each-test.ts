import { afterEach } from "vitest";
import { runAfterEachTest } from "../helpers/after-each-test.js";

// A setup file runs for each test file, so every file gets the helpers' cleanups.
afterEach(runAfterEachTest);
