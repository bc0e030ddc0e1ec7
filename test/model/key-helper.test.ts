import { describe, expect, it } from "vitest";
import {
  createKeyHelper,
  DEFAULT_KEY_HELPER_TTL_MS,
  type HelperRun,
  keyHelperTtlMs,
} from "../../src/model/key-helper.js";

/** A helper whose runs are counted and whose clock the test moves. */
function helperWith(outputs: HelperRun[], ttlMs = 1000) {
  let clock = 0;
  const commands: string[] = [];
  const helper = createKeyHelper({
    command: "get-key",
    ttlMs,
    now: () => clock,
    run: async (command) => {
      commands.push(command);
      const next = outputs.shift();
      if (!next) throw new Error("ran too often");
      return next;
    },
  });
  return { helper, commands, advance: (ms: number) => (clock += ms) };
}

const ok = (stdout: string): HelperRun => ({ code: 0, stdout, stderr: "" });
const signal = new AbortController().signal;

describe("the apiKeyHelper's key", () => {
  it("is the helper's trimmed output, kept until the TTL passes", async () => {
    const { helper, commands, advance } = helperWith([ok("key-1\n"), ok("  key-2 \n")]);
    expect(await helper.key(signal)).toBe("key-1");
    advance(999);
    expect(await helper.key(signal)).toBe("key-1");
    advance(1);
    expect(await helper.key(signal)).toBe("key-2");
    expect(commands).toEqual(["get-key", "get-key"]);
  });

  it("is fetched again once forgotten (after a 401)", async () => {
    const { helper } = helperWith([ok("key-1"), ok("key-2")]);
    expect(await helper.key(signal)).toBe("key-1");
    helper.forget();
    expect(await helper.key(signal)).toBe("key-2");
  });

  it("comes from one run for requests that ask at once", async () => {
    const { helper, commands } = helperWith([ok("key-1")]);
    expect(await Promise.all([helper.key(signal), helper.key(signal)])).toEqual(["key-1", "key-1"]);
    expect(commands).toHaveLength(1);
  });

  it("is an error naming the helper when it fails, is killed or prints nothing", async () => {
    const failing = helperWith([{ code: 2, stdout: "", stderr: "no vault\n" }]).helper;
    await expect(failing.key(signal)).rejects.toThrow(
      'apiKeyHelper "get-key" exited with status 2: no vault',
    );
    const killed = helperWith([{ code: null, stdout: "", stderr: "" }]).helper;
    await expect(killed.key(signal)).rejects.toThrow('apiKeyHelper "get-key" was killed');
    const empty = helperWith([ok(" \n")]).helper;
    await expect(empty.key(signal)).rejects.toThrow('apiKeyHelper "get-key" printed no key');
  });

  it("keeps CLAUDE_CODE_API_KEY_HELPER_TTL_MS's milliseconds, 5 minutes by default", () => {
    expect(keyHelperTtlMs({})).toBe(DEFAULT_KEY_HELPER_TTL_MS);
    expect(DEFAULT_KEY_HELPER_TTL_MS).toBe(300_000);
    expect(keyHelperTtlMs({ CLAUDE_CODE_API_KEY_HELPER_TTL_MS: "60000" })).toBe(60_000);
    expect(keyHelperTtlMs({ CLAUDE_CODE_API_KEY_HELPER_TTL_MS: "soon" })).toBe(
      DEFAULT_KEY_HELPER_TTL_MS,
    );
  });
});
