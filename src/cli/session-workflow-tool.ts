import { homedir } from "node:os";
import { envFlag } from "../config/env-flag.js";
import type { SessionTasks } from "../tasks/session-tasks.js";
import { createWorkflowTool } from "../tools/builtin/workflow/workflow-tool.js";
import type { BuiltinToolsConfig } from "../tools/builtin-config.js";
import type { AnyTool } from "../tools/tool.js";
import { workflowSandboxLimits } from "../workflows/sandbox-limits.js";

/**
 * The session's Workflow tool, when it has a task registry to run workflows in and neither
 * CLAUDE_CODE_DISABLE_WORKFLOWS nor CLAUDE_CODE_DISABLE_BACKGROUND_TASKS turns them off.
 */
export function sessionWorkflowTools(
  config: BuiltinToolsConfig,
  tasks: SessionTasks | undefined,
): AnyTool[] {
  const { env } = config;
  if (!tasks || envFlag(env.CLAUDE_CODE_DISABLE_WORKFLOWS)) return [];
  if (envFlag(env.CLAUDE_CODE_DISABLE_BACKGROUND_TASKS)) return [];
  return [
    createWorkflowTool({
      launch: tasks.backgroundWorkflows.launch,
      sessionDir: config.sessionDir,
      roots: {
        cwd: config.cwd,
        home: env.HOME ?? homedir(),
        ...(env.CLAUDE_CONFIG_DIR ? { claudeConfigDir: env.CLAUDE_CONFIG_DIR } : {}),
      },
      limits: workflowSandboxLimits(env),
    }) as AnyTool,
  ];
}
