import type { BuiltinToolsConfig } from "../builtin-config.js";
import type { AnyTool } from "../tool.js";
import { createBashTool } from "./bash/index.js";
import { createEditTool } from "./edit/edit-tool.js";
import { createGlobTool } from "./glob/glob-tool.js";
import { createGrepTool } from "./grep/grep-tool.js";
import { createReadTool } from "./read/read-tool.js";
import { createTodoWriteTool } from "./todo-write/todo-write-tool.js";
import { createWriteTool } from "./write/write-tool.js";

/** keel's built-in tools for one session (Claude Code's names and inputs). */
export function createBuiltinTools(config: BuiltinToolsConfig): AnyTool[] {
  return [
    createReadTool(config),
    createWriteTool(config),
    createEditTool(config),
    createGlobTool(config),
    createGrepTool(config),
    createBashTool(config),
    createTodoWriteTool(config),
  ];
}
