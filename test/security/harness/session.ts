import { delimiter, dirname } from "node:path";
import { loadSettings } from "../../../src/config/settings/load.js";
import { createPermissionEngine } from "../../../src/policy/engine.js";
import { createHeadlessCanUseTool } from "../../../src/policy/headless.js";
import { ripgrepPath } from "../../../src/tools/builtin/ripgrep.js";
import type { CanUseTool, PermissionMode } from "../../../src/tools/context.js";
import type { LayoutPaths } from "./layout.js";

/**
 * Wraps the permission decision a print-mode session would make: the battery passes keel's
 * own, the guard tests replace it (allow everything, refuse everything).
 */
export type PermissionGate = (keel: CanUseTool) => CanUseTool;

/** Every call runs: the battery's cases must then show their effect. */
export const allowEverything: PermissionGate = () => async (_tool, input) => ({
  behavior: "allow",
  updatedInput: input,
});

/** keel's own decision, unchanged. */
export const keelDecides: PermissionGate = (keel) => keel;

/** PATH for the machine: the process's, with the ripgrep keel ships first (so `rg` exists). */
export async function toolPath(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return [dirname(await ripgrepPath()), env.PATH ?? ""].join(delimiter);
}

/** The environment a case's session and its shell run with: the machine's HOME and state. */
export function machineEnv(paths: LayoutPaths, path: string): Record<string, string> {
  return {
    HOME: paths.home,
    PATH: path,
    KEEL_CONFIG_DIR: paths.state,
    LANG: "C.UTF-8",
  };
}

/**
 * The decision print mode makes: the settings the machine holds (the case's rules are in the
 * project's .claude/settings.json), the mode from the command line, "ask" refused.
 */
export async function printModeCanUseTool(
  paths: LayoutPaths,
  mode: PermissionMode,
  env: Record<string, string>,
): Promise<CanUseTool> {
  const settings = await loadSettings({
    home: paths.home,
    stateDir: paths.state,
    cwd: paths.project,
    cli: { permissionMode: mode },
  });
  return createHeadlessCanUseTool(
    createPermissionEngine({
      settings,
      cwd: paths.project,
      stateDir: paths.state,
      home: paths.home,
      env,
    }),
  );
}
