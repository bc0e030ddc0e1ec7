import type { CliSession } from "../cli-session.js";
import type { CliOptions } from "../options.js";
import type { OpenSession, SessionExtras } from "../print-mode.js";
import { sdkSlashCommands } from "../slash/session-skills.js";
import type { ControlChannel } from "./channel.js";
import { pushCommandsChanged } from "./commands-changed.js";
import type { HostTargets } from "./host-handler.js";
import { modeStatusLine } from "./host-requests.js";
import type { SdkInit } from "./initialize.js";
import { initializeResponse } from "./initialize-response.js";
import { type SwitchableModel, switchableModel } from "./model-switch.js";
import { createSdkCanUseTool } from "./sdk-can-use-tool.js";
import { sdkElicitation } from "./sdk-elicitation.js";
import { sdkHookRunner, sdkHooksConfig } from "./sdk-hooks.js";
import { connectSdkMcpServers } from "./sdk-mcp.js";

function optionOverrides(init: SdkInit | undefined, options: CliOptions): SessionExtras["options"] {
  if (!init) return {};
  return {
    ...(init.systemPrompt === undefined ? {} : { systemPrompt: init.systemPrompt }),
    ...(init.appendSystemPrompt === undefined
      ? {}
      : { appendSystemPrompt: init.appendSystemPrompt }),
    ...(init.jsonSchema === undefined || options.jsonSchema !== undefined
      ? {}
      : { jsonSchema: JSON.stringify(init.jsonSchema) }),
    // The SDK's agents come first (they win a name), then those of --agents.
    ...(init.agents.length === 0 ? {} : { agents: [...init.agents, ...(options.agents ?? [])] }),
    ...(init.mcpConfig === undefined ? {} : { mcpConfig: [...options.mcpConfig, init.mcpConfig] }),
    ...(init.plugins === undefined
      ? {}
      : {
          pluginDir: [...options.pluginDir, ...init.plugins.withMcp],
          pluginDirNoMcp: [...options.pluginDirNoMcp, ...init.plugins.withoutMcp],
        }),
    // A title names a new session; a resumed one keeps its own (as Claude Code does).
    ...(init.title === undefined || options.resume !== undefined || options.continue
      ? {}
      : { name: init.title }),
  };
}

/** Says which fields of the SDK's agents keel leaves unused, so none is dropped silently. */
function warnIgnoredAgentFields(init: SdkInit | undefined, warn: (text: string) => void): void {
  for (const { agent, fields } of init?.ignoredAgentFields ?? []) {
    warn(`SDK agent "${agent}": keel does not support ${fields.join(", ")}; ignored`);
  }
}

function permissionPrompt(options: CliOptions, deps: Parameters<typeof createSdkCanUseTool>[0]) {
  return options.permissionPromptTool === "stdio" ? { canUseTool: createSdkCanUseTool(deps) } : {};
}

/**
 * Opens the session an SDK host drives: what `initialize` asked for (system prompt, hook
 * callbacks, in-process MCP servers, answer schema, agents), permission prompts over the channel
 * when `--permission-prompt-tool stdio` was given, and a model set_model can switch.
 * Without an initialize (a plain stream-json client) the session is the ordinary one.
 */
export async function openSdkSession(
  init: SdkInit | undefined,
  options: CliOptions,
  channel: ControlChannel,
  open: OpenSession,
  warn: (text: string) => void,
): Promise<HostTargets> {
  warnIgnoredAgentFields(init, warn);
  for (const notice of init?.notices ?? []) warn(notice);
  const sdkMcp = await connectSdkMcpServers(channel, init?.mcpServers ?? [], warn);
  let session: CliSession | undefined;
  let model: SwitchableModel | undefined;
  const announceMode: HostTargets["announceMode"] = (mode) =>
    channel.write(modeStatusLine(mode, session?.engine.sessionId ?? ""));
  const setMode = (mode: Parameters<CliSession["setPermissionMode"]>[0]) => {
    session?.setPermissionMode(mode);
    void announceMode(mode);
  };
  const hooks = init?.hooks ?? [];
  session = await open({
    options: optionOverrides(init, options),
    ...(hooks.length > 0
      ? { hooks: { config: sdkHooksConfig(hooks), runCommand: sdkHookRunner(channel, hooks) } }
      : {}),
    hostTools: { tools: sdkMcp.tools, servers: sdkMcp.status },
    ...permissionPrompt(options, { channel, setMode, warn }),
    // An SDK host answers through its onElicitation; a plain stream-json client is not asked.
    ...(init ? { askElicitation: sdkElicitation(channel, warn) } : {}),
    ...(options.includeHookEvents ? { onHookEvent: (m) => void channel.write(m) } : {}),
    wrapProvider: (provider, startModel) => {
      model = switchableModel(provider, startModel);
      return model.provider;
    },
  });
  const opened = session;
  const switchable = model!;
  pushCommandsChanged(opened.slash, channel, () => opened.engine.sessionId);
  const outputStyles = await opened.outputStyles();
  return {
    channel,
    session: opened,
    model: switchable,
    sdkMcp,
    announceMode,
    initializeResponse: () =>
      initializeResponse({
        model: switchable.current(),
        permissionMode: opened.permissionMode(),
        agents: opened.agents.list(),
        commands: sdkSlashCommands(opened.slash),
        outputStyles,
        ...(init?.mcpConfig === undefined ? {} : { mcpServersApplied: true }),
        ...(init?.plugins === undefined ? {} : { pluginsApplied: true }),
      }),
  };
}
