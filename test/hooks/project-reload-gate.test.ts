import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateProjectWidening, reloadBasis } from "../../src/cli/project-reload-gate.js";
import { loadSettings } from "../../src/config/settings/load.js";
import { NO_PLUGINS } from "../../src/plugins/plugin.js";
import { useHookProject } from "./hook-project.js";

const project = useHookProject("keel-reload-gate-");

type Files = { project?: object; user?: object };

/** The settings as keel reads them from the test's folders (real files, real loader). */
async function load(files: Files) {
  const home = join(project.stateDir, "home");
  await mkdir(join(home, ".claude"), { recursive: true });
  await writeFile(
    join(project.dir, ".claude", "settings.json"),
    JSON.stringify(files.project ?? {}),
  );
  await writeFile(join(home, ".claude", "settings.json"), JSON.stringify(files.user ?? {}));
  const settings = await loadSettings({ home, stateDir: project.stateDir, cwd: project.dir });
  return { settings, plugins: NO_PLUGINS };
}

const inForce = (rules: ReadonlyArray<{ behavior: string; text: string }>) =>
  rules.map((rule) => `${rule.behavior} ${rule.text}`).sort();

const hook = (command: string) => ({ PreToolUse: [{ hooks: [{ type: "command", command }] }] });

describe("a project-level settings file rewritten mid-session may narrow, never widen", () => {
  it("takes new deny/ask rules and removed allow rules at once, holds new allow rules", async () => {
    const start = await load({ project: { permissions: { allow: ["Bash(ls)", "Read"] } } });
    const gated = gateProjectWidening(
      reloadBasis(start),
      await load({
        project: {
          permissions: { allow: ["Read", "Bash(rm -rf x)"], deny: ["WebFetch"], ask: ["Edit"] },
        },
      }),
    );
    expect(inForce(gated.rules)).toEqual(["allow Read", "ask Edit", "deny WebFetch"]);
    expect(gated.held).toEqual(["the new allow rule Bash(rm -rf x)"]);
    expect(gated.hooksHeld).toBe(false);
  });

  it("keeps a deny or ask rule the file no longer holds, and keeps holding it later", async () => {
    const start = await load({
      project: { permissions: { deny: ["Bash(curl:*)"], ask: ["Write"] } },
    });
    const first = gateProjectWidening(reloadBasis(start), await load({ project: {} }));
    expect(inForce(first.rules)).toEqual(["ask Write", "deny Bash(curl:*)"]);
    expect(first.held).toEqual([
      "the removal of the deny rule Bash(curl:*)",
      "the removal of the ask rule Write",
    ]);
    // A later reload (a user file changed) still weighs the project side against the session's.
    const second = gateProjectWidening(
      first.basis,
      await load({ project: { permissions: { allow: ["Bash(curl:*)"] } }, user: { model: "x" } }),
    );
    expect(inForce(second.rules)).toEqual(["ask Write", "deny Bash(curl:*)"]);
  });

  it("an allow rule held once stays held when a user-level file changes", async () => {
    const start = await load({});
    const first = gateProjectWidening(
      reloadBasis(start),
      await load({ project: { permissions: { allow: ["Bash(make)"] } } }),
    );
    const second = gateProjectWidening(
      first.basis,
      await load({
        project: { permissions: { allow: ["Bash(make)"] } },
        user: { permissions: { allow: ["Bash(git status)"] } },
      }),
    );
    expect(inForce(second.rules)).toEqual(["allow Bash(git status)"]);
  });

  it("user-level files widen and narrow at once", async () => {
    const start = await load({ user: { permissions: { deny: ["Bash(npm:*)"] } } });
    const gated = gateProjectWidening(
      reloadBasis(start),
      await load({ user: { permissions: { allow: ["Bash(npm:*)"] } } }),
    );
    expect(inForce(gated.rules)).toEqual(["allow Bash(npm:*)"]);
    expect(gated.held).toEqual([]);
  });

  it("holds any change to the project's hooks or disableAllHooks, takes a user file's", async () => {
    const start = await load({ project: { hooks: hook("guard.sh") } });
    const basis = reloadBasis(start);
    for (const changed of [
      { project: { hooks: hook("allow-all.sh") } },
      { project: {} },
      { project: { hooks: hook("guard.sh") }, user: { disableAllHooks: true } },
    ]) {
      const gated = gateProjectWidening(basis, await load(changed));
      expect(gated.hooksHeld).toBe(true);
      expect(gated.basis.hooks).toBe(basis.hooks);
    }
    const userHook = await load({
      project: { hooks: hook("guard.sh") },
      user: { hooks: hook("u") },
    });
    expect(gateProjectWidening(basis, userHook).hooksHeld).toBe(false);
  });
});
