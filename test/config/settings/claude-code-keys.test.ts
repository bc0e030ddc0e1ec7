import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  CLAUDE_CODE_PERMISSION_MODES,
  CLAUDE_CODE_PERMISSIONS_KEYS,
  CLAUDE_CODE_SETTINGS_KEYS,
} from "../../../src/config/settings/claude-code-keys.js";

/** The pinned Agent SDK's type declarations (installed by `npm ci` for test/agent-sdk). */
const sdkTypes = readFileSync(
  fileURLToPath(
    new URL(
      "../../agent-sdk/node_modules/@anthropic-ai/claude-agent-sdk/sdk.d.ts",
      import.meta.url,
    ),
  ),
  "utf8",
);

/** The lines of `export declare interface Settings { … }`. */
function settingsLines(): string[] {
  const lines = sdkTypes.split(/\r?\n/);
  const start = lines.indexOf("export declare interface Settings {");
  const end = lines.indexOf("}", start);
  expect(start).toBeGreaterThan(-1);
  return lines.slice(start + 1, end);
}

/** The keys declared at one indentation (4 spaces: top level; 8: inside a block). */
function keysAt(lines: readonly string[], indent: number): string[] {
  const pattern = new RegExp(`^ {${indent}}([A-Za-z$][\\w$]*)\\??:`);
  return lines.flatMap((line) => pattern.exec(line)?.[1] ?? []);
}

describe("Claude Code's settings keys, as the pinned Agent SDK declares them", () => {
  it("the top-level keys keel accepts are exactly those of the SDK's Settings type", () => {
    expect([...CLAUDE_CODE_SETTINGS_KEYS].sort()).toEqual(keysAt(settingsLines(), 4).sort());
  });

  it("the permissions keys and modes are the SDK's", () => {
    const lines = settingsLines();
    const start = lines.indexOf("    permissions?: {");
    const end = lines.indexOf("    };", start);
    const block = lines.slice(start + 1, end);
    expect([...CLAUDE_CODE_PERMISSIONS_KEYS].sort()).toEqual(keysAt(block, 8).sort());
    const modes = block.find((line) => line.includes("defaultMode?:")) ?? "";
    const declared = [...modes.matchAll(/'([A-Za-z]+)'/g)].map((m) => m[1]);
    expect([...CLAUDE_CODE_PERMISSION_MODES].sort()).toEqual(declared.sort());
  });
});
