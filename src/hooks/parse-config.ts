import type { z } from "zod";
import type {
  HookHandlerConfig,
  HookMatcherGroup,
  HooksConfig,
  HooksConfigIssue,
  ParsedHooksConfig,
} from "./config.js";
import { jsonPath } from "./config.js";
import {
  HANDLER_TYPES,
  handlerSchema,
  handlerTypeSchema,
  matcherGroupSchema,
} from "./config-schema.js";
import { isHookEvent } from "./events.js";
import { toHandlerConfig } from "./to-handler-config.js";

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
      sink.warn(path, `unknown hook event "${event}"; its hooks will not run`);
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

function parseHandler(value: unknown, path: Path, sink: IssueSink): HookHandlerConfig[] {
  const typed = handlerTypeSchema.safeParse(value);
  if (!typed.success) {
    sink.zod(path, typed.error);
    return [];
  }
  if (!HANDLER_TYPES.has(typed.data.type)) {
    sink.error([...path, "type"], `unknown hook type "${typed.data.type}"`);
    return [];
  }
  const parsed = handlerSchema.safeParse(value);
  if (!parsed.success) {
    sink.zod(path, parsed.error);
    return [];
  }
  const handler = toHandlerConfig(parsed.data, (key, message) =>
    sink.warn([...path, key], message),
  );
  return handler === undefined ? [] : [handler];
}
