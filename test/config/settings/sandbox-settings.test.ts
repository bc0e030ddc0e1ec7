import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkSettings } from "../../../src/config/settings/check-settings.js";
import type { SettingsLayer } from "../../../src/config/settings/layer.js";
import { mergeSandboxSettings } from "../../../src/config/settings/sandbox-merge.js";
import type { SettingsSource } from "../../../src/config/settings/sources.js";

const roots = { home: "/home/u", stateDir: "/home/u/.keel", cwd: "/work/proj" };

/** A file's settings, checked; the test fails on any problem. */
function parseSettingsText(origin: string, text: string) {
  const checked = checkSettings(origin, JSON.parse(text));
  expect(checked.problems).toEqual([]);
  return checked.settings;
}

function layer(source: SettingsSource, sandbox: unknown): SettingsLayer {
  const origin = `${source}.json`;
  return { source, origin, settings: parseSettingsText(origin, JSON.stringify({ sandbox })) };
}

const merge = (...layers: SettingsLayer[]) => mergeSandboxSettings(layers, roots, "linux");

describe("the sandbox settings block", () => {
  it("is off with Claude Code's defaults when no file has one", () => {
    expect(merge()).toMatchObject({
      enabled: false,
      failIfUnavailable: false,
      autoAllowBashIfSandboxed: false,
      allowUnsandboxedCommands: true,
      excludedCommands: [],
      unhonoured: [],
    });
  });

  it("a wrong type stops keel, naming file and key; null reads as not set", () => {
    const stops = (sandbox: unknown) =>
      checkSettings("p.json", { sandbox }).problems.map((p) => [p.file, p.key, p.effect]);
    expect(stops({ enabled: "yes" })).toEqual([["p.json", "sandbox.enabled", "stops"]]);
    expect(stops({ network: { allowedDomains: "x.com" } })).toEqual([
      ["p.json", "sandbox.network.allowedDomains", "stops"],
    ]);
    const parsed = parseSettingsText(
      "p.json",
      '{"sandbox":{"enabled":true,"network":{"httpProxyPort":null,"allowedDomains":[]}}}',
    );
    expect(parsed.sandbox?.network?.httpProxyPort).toBeUndefined();
  });

  it("takes scalars from the highest source and joins lists across sources", () => {
    const merged = merge(
      layer("userClaude", {
        enabled: true,
        autoAllowBashIfSandboxed: true,
        excludedCommands: ["docker:*"],
        network: { allowedDomains: ["a.com"] },
      }),
      layer("project", {
        autoAllowBashIfSandboxed: false,
        excludedCommands: ["make:*"],
        network: { allowedDomains: ["b.com", "a.com"] },
      }),
    );
    expect(merged.enabled).toBe(true);
    expect(merged.autoAllowBashIfSandboxed).toBe(false);
    expect(merged.excludedCommands).toEqual(["docker:*", "make:*"]);
    expect(merged.network.allowedDomains).toEqual(["a.com", "b.com"]);
    expect(merged.origins).toEqual(["userClaude.json", "project.json"]);
  });

  it("makes paths absolute from the folder of the file that wrote them", () => {
    const merged = merge(
      layer("userClaude", { filesystem: { allowWrite: ["cache", "~/tmp", "/abs"] } }),
      layer("project", { filesystem: { denyRead: ["./secrets", "//etc/shadow"] } }),
    );
    expect(merged.filesystem.allowWrite).toEqual([
      join(roots.home, ".claude", "cache"),
      join(roots.home, "tmp"),
      "/abs",
    ]);
    expect(merged.filesystem.denyRead).toEqual([join(roots.cwd, "secrets"), "/etc/shadow"]);
  });

  it("ignores keys Claude Code takes from user or --settings only when a project sets them", () => {
    const merged = merge(
      layer("project", { ripgrep: { command: "/evil/rg" }, network: { strictAllowlist: false } }),
    );
    expect(merged.ripgrep).toBeUndefined();
    expect(merged.network.strictAllowlist).toBeUndefined();
    const fromUser = merge(layer("userClaude", { ripgrep: { command: "/usr/bin/rg" } }));
    expect(fromUser.ripgrep).toEqual({ command: "/usr/bin/rg" });
  });

  it("once --settings forbids unsandboxed commands, a project may only make the sandbox stricter", () => {
    const merged = merge(
      layer("project", {
        enabled: false,
        allowUnsandboxedCommands: true,
        excludedCommands: ["curl:*"],
        network: { allowedDomains: ["evil.com"], deniedDomains: ["bad.com"] },
        filesystem: { allowWrite: ["/"], denyRead: ["./keys"] },
      }),
      layer("flagSettings", { enabled: true, allowUnsandboxedCommands: false }),
    );
    expect(merged).toMatchObject({ enabled: true, allowUnsandboxedCommands: false });
    expect(merged.excludedCommands).toEqual([]);
    expect(merged.network.allowedDomains).toEqual([]);
    expect(merged.network.deniedDomains).toEqual(["bad.com"]);
    expect(merged.filesystem.allowWrite).toEqual([]);
    expect(merged.filesystem.denyRead).toEqual([join(roots.cwd, "keys")]);
  });

  it("a user's allowUnsandboxedCommands: false holds against a project's true", () => {
    const merged = merge(
      layer("userClaude", { allowUnsandboxedCommands: false }),
      layer("local", { allowUnsandboxedCommands: true }),
    );
    expect(merged.allowUnsandboxedCommands).toBe(false);
  });

  it("keeps a credential deny over a mask for the same file", () => {
    const merged = merge(
      layer("userClaude", { credentials: { files: [{ path: "~/.netrc", mode: "mask" }] } }),
      layer("project", { credentials: { files: [{ path: "~/.netrc", mode: "deny" }] } }),
    );
    expect(merged.credentials.files).toEqual([{ path: join(roots.home, ".netrc"), mode: "deny" }]);
  });

  it("names the settings keel cannot honour, with the file", () => {
    const merged = merge(
      layer("project", {
        bwrapPath: "/x/bwrap",
        allowNestedUserNamespaces: true,
        network: { allowLocalBinding: true },
        mystery: 1,
      }),
    );
    expect(merged.unhonoured).toEqual([
      "project.json: sandbox.mystery: not a sandbox setting keel knows; ignored",
      "project.json: sandbox.bwrapPath: Claude Code takes it from managed settings only, which keel does not read; no effect",
      "project.json: sandbox.allowNestedUserNamespaces: the sandbox runtime keel uses has no such switch; no effect",
      "project.json: sandbox.network.allowLocalBinding: applies on macOS only; no effect on Linux",
    ]);
  });

  it("reads Claude Code's own example file", () => {
    const text = JSON.stringify({
      sandbox: {
        enabled: true,
        autoAllowBashIfSandboxed: false,
        allowUnsandboxedCommands: false,
        excludedCommands: [],
        network: {
          allowUnixSockets: [],
          allowAllUnixSockets: false,
          allowLocalBinding: false,
          allowedDomains: [],
          httpProxyPort: null,
          socksProxyPort: null,
        },
        enableWeakerNestedSandbox: false,
      },
    });
    const settings = parseSettingsText("example.json", text);
    const merged = mergeSandboxSettings(
      [{ source: "project", origin: "example.json", settings }],
      roots,
      "linux",
    );
    expect(merged).toMatchObject({ enabled: true, allowUnsandboxedCommands: false });
    // Its macOS-only keys are set to their defaults: nothing to report.
    expect(merged.unhonoured).toEqual([]);
  });
});
