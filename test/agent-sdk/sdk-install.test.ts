import { describe, expect, it } from "vitest";
import { INSTALL_COMMAND, loadAgentSdk } from "./sdk-harness.js";

describe("the Agent SDK test package", () => {
  it("is installed; when it is not, the tests fail naming the install command", async () => {
    await expect(
      loadAgentSdk(() =>
        Promise.reject(new Error("Cannot find package '@anthropic-ai/claude-agent-sdk'")),
      ),
    ).rejects.toThrow(INSTALL_COMMAND);
    const sdk = await loadAgentSdk();
    expect(typeof sdk.query).toBe("function");
  });
});
