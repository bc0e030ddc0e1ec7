import type { z } from "zod";
import type {
  CommandHookConfig,
  HookMatcherGroup,
  HooksConfig,
  HooksConfigIssue,
  ParsedHooksConfig,
} from "./config.js";
import { jsonPath } from "./config.js";
import {
  commandHookSchema,
  handlerTypeSchema,
  matcherGroupSchema,
  UNSUPPORTED_HANDLER_TYPES,
} from "./config-schema.js";
import { isHookEvent, UNSUPPORTED_HOOK_EVENTS } from "./events.js";

type Path = ReadonlyArray<PropertyKey>;

/** Collects issues for one file while its `hooks` value is walked. */
class IssueSink {
  readonly errors: HooksConfigIssue[] = [];
  readonly warnings: HooksConfigIssue[] = [];
  constructor(private readonly file: string) {}

  error(path: Path, message: string): void {
    this.errors.push({ file: this.file, path: jsonPath(path), message });
  }

  warn(path: Path, message: string): void {
    this.warnings.push({ file: this.file, path: jsonPath(path), message });
  }

  result(hooks: HooksConfig): ParsedHooksConfig {
    return { hooks, errors: this.errors, warnings: this.warnings };
  }

  zod(path: Path, error: z.ZodError): void {
    for (const issue of error.issues) this.error([...path, ...issue.path], issue.message);
  }
}

/**
 * Validates one settings file's `hooks` value. Broken entries become errors naming the file
 * and JSON path and are left out; handlers keel does not run become warnings; the rest is
 * returned as a HooksConfig. Never throws.
 */
export function parseHooksConfig(value: unknown, source: { file: string }): ParsedHooksConfig {
  const sink = new IssueSink(source.file);
  const hooks: HooksConfig = {};
  if (value === undefined || value === null) return sink.result(hooks);
  if (typeof value !== "object" || Array.isArray(value)) {
    sink.error(["hooks"], "expected an object mapping event names to matcher groups");
    return sink.result(hooks);
  }
  for (const [event, groups] of Object.entries(value)) {
    const path = ["hooks", event];
    if (!isHookEvent(event)) {
      if (UNSUPPORTED_HOOK_EVENTS.has(event)) {
        sink.warn(path, `the ${event} hook event is not supported by keel; its hooks will not run`);
      } else sink.error(path, `unknown hook event "${event}"`);
      continue;
    }
    if (!Array.isArray(groups)) {
      sink.error(path, "expected an array of matcher groups");
      continue;
    }
    const parsed = groups.flatMap((group, index) => parseGroup(group, [...path, index], sink));
    if (parsed.length > 0) hooks[event] = parsed;
  }
  return sink.result(hooks);
}

function parseGroup(value: unknown, path: Path, sink: IssueSink): HookMatcherGroup[] {
  const group = matcherGroupSchema.safeParse(value);
  if (!group.success) {
    sink.zod(path, group.error);
    return [];
  }
  const handlers = group.data.hooks.flatMap((handler, index) =>
    parseHandler(handler, [...path, "hooks", index], sink),
  );
  if (handlers.length === 0) return [];
  const matcher = group.data.matcher;
  return [matcher === undefined ? { hooks: handlers } : { matcher, hooks: handlers }];
}

function parseHandler(value: unknown, path: Path, sink: IssueSink): CommandHookConfig[] {
  const typed = handlerTypeSchema.safeParse(value);
  if (!typed.success) {
    sink.zod(path, typed.error);
    return [];
  }
  const type = typed.data.type;
  if (type !== "command") {
    if (UNSUPPORTED_HANDLER_TYPES.has(type)) {
      sink.warn(path, `"${type}" hooks are not supported by keel (only "command"); skipped`);
    } else sink.error([...path, "type"], `unknown hook type "${type}"`);
    return [];
  }
  const parsed = commandHookSchema.safeParse(value);
  if (!parsed.success) {
    sink.zod(path, parsed.error);
    return [];
  }
  const hook = parsed.data;
  if (hook.shell !== undefined && hook.shell !== "bash") {
    sink.warn([...path, "shell"], `shell "${hook.shell}" is not supported by keel; skipped`);
    return [];
  }
  if (hook.if !== undefined) {
    sink.warn([...path, "if"], "`if` is not supported by keel; the hook runs on every match");
  }
  if (hook.async === true || hook.asyncRewake === true) {
    sink.warn([...path, "async"], "async hooks are not supported by keel; it runs in the turn");
  }
  const config: CommandHookConfig = { type: "command", command: hook.command };
  if (hook.timeout !== undefined) config.timeout = hook.timeout;
  return [config];
}
