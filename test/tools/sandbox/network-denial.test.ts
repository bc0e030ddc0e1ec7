import { describe, expect, it } from "vitest";
import { networkPatternMatches } from "../../../src/tools/sandbox/network-denial.js";

describe("the sandbox's network domain patterns, as WebFetch reads them", () => {
  it.each([
    ["example.com", 443, "example.com", true],
    ["Example.COM", 443, "example.com", true],
    ["api.example.com", 443, "example.com", false],
    ["api.example.com", 443, "*.example.com", true],
    ["example.com", 443, "*.example.com", false],
    ["evil-example.com", 443, "*.example.com", false],
    ["anything.test", 80, "*", true],
    ["example.com", 443, "example.com:443", true],
    ["example.com", 8443, "example.com:443", false],
    ["::1", 443, "::1", true],
  ] as const)("%s:%d against %s → %s", (host, port, pattern, matches) => {
    expect(networkPatternMatches(host, port, pattern)).toBe(matches);
  });
});
