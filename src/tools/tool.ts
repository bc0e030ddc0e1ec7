import type { z } from "zod";
import type { ToolResultBlock } from "../protocol/content.js";
import type { Message } from "../protocol/messages.js";
import type { ToolCallContext, ToolUseContext } from "./context.js";

/** A tool's own verdict on an input, before any call. */
export type ValidationResult = { ok: true } | { ok: false; message: string };

/** A tool's own permission verdict (the policy layer combines it with rules and modes). */
export type ToolPermissionResult =
  | {
      behavior: "allow";
      updatedInput?: Record<string, unknown>;
      /**
       * Allowed because it runs in the OS sandbox (`autoAllowBashIfSandboxed`): a whole-tool
       * ask rule does not stop it; deny rules, content ask rules and safety checks still do.
       */
      sandboxed?: true;
    }
  | { behavior: "deny"; message: string }
  /** Needs a person's approval; `message` says what would be allowed. */
  | { behavior: "ask"; message: string }
  /** The tool has no opinion: rules and the mode decide. */
  | { behavior: "passthrough" };

/** What a tool call produced. */
export interface ToolCallResult<Output> {
  data: Output;
  /** Extra messages to add after the tool result (e.g. a document the model should see). */
  newMessages?: Message[];
  /** A change to the shared context, applied explicitly by the orchestrator. */
  contextModifier?: (context: ToolUseContext) => ToolUseContext;
}

/** What a tool does when the user interrupts with a new message: stop, or finish first. */
export type InterruptBehavior = "cancel" | "block";

/**
 * A tool the model can call. Methods use method syntax on purpose: a `Tool<SpecificInput>`
 * is then usable wherever an `AnyTool` is expected.
 */
export interface Tool<Input = unknown, Output = unknown> {
  /** The name the model calls (Claude Code's names: Read, Bash, …). */
  readonly name: string;
  /** Older names that still reach this tool (e.g. Task for Agent). */
  readonly aliases?: readonly string[];
  /**
   * Other tools whose permission rules also judge this tool's calls (Monitor runs commands, so
   * `Bash(...)` rules apply to it as to Bash).
   */
  readonly ruleNamesAlso?: readonly string[];
  /** What the model is told about the tool. */
  readonly description: string;
  readonly inputSchema: z.ZodType<Input>;
  /** The JSON schema the model is given, when it comes from outside (MCP, a caller's schema). */
  readonly inputJSONSchema?: Readonly<Record<string, unknown>>;
  /** Results longer than this (characters) are spilled to a file; Infinity never spills. */
  readonly maxResultSizeChars: number;
  /** Sent by name only until ToolSearch loads its definition. */
  readonly shouldDefer?: boolean;
  isReadOnly(input: Input): boolean;
  /**
   * The folder this tool's relative paths start from when it keeps its own (the Bash tool's
   * shell keeps its `cd`s between calls); absent: the session's working folder.
   */
  currentDirectory?(): string;
  /** May run at the same time as other concurrency-safe calls. */
  isConcurrencySafe(input: Input): boolean;
  interruptBehavior?(): InterruptBehavior;
  validateInput?(input: Input, context: ToolUseContext): Promise<ValidationResult>;
  checkPermissions?(input: Input, context: ToolUseContext): Promise<ToolPermissionResult>;
  call(
    input: Input,
    context: ToolCallContext,
    onProgress: (data: unknown) => void,
  ): Promise<ToolCallResult<Output>>;
  /** The tool_result block the model sees for an output. */
  mapToolResult(output: Output, toolUseId: string): ToolResultBlock;
}

/** Any tool, whatever its input and output types. */
export type AnyTool = Tool<unknown, unknown>;

/** The tool a name (or alias) refers to. */
export function findTool(tools: readonly AnyTool[], name: string): AnyTool | undefined {
  return tools.find((t) => t.name === name) ?? tools.find((t) => t.aliases?.includes(name));
}
