import { Box, Text } from "ink";
import type { McpServerSpec } from "../../../mcp/resolve-servers.js";
import { useChoiceKeys } from "./choice-keys.js";
import {
  MCP_APPROVAL_CHOICES,
  type McpApprovalAnswer,
  serverTarget,
} from "./mcp-approval-choices.js";

/** Props of the project-server approval dialog. */
export interface McpApprovalDialogProps {
  server: McpServerSpec;
  /** How many servers are still to be asked about after this one. */
  more: number;
  onAnswer: (answer: McpApprovalAnswer) => void;
}

/**
 * Asks whether a `.mcp.json` server may start (Claude Code's "New MCP server found in
 * .mcp.json"): use it, use all of this project's servers from now on, or don't; 1–3 or the
 * arrows and Enter pick, Esc decides later (not started, asked again next time).
 */
export function McpApprovalDialog({ server, more, onAnswer }: McpApprovalDialogProps) {
  const selected = useChoiceKeys(
    MCP_APPROVAL_CHOICES,
    (choice) => onAnswer(choice.answer),
    () => onAnswer("later"),
  );
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1}>
      <Text bold>New MCP server found in .mcp.json: {server.name}</Text>
      <Text dimColor>It runs: {serverTarget(server)}</Text>
      <Text dimColor>MCP servers may run code and reach services on your behalf.</Text>
      {MCP_APPROVAL_CHOICES.map((choice, index) => (
        <Text key={choice.answer} {...(index === selected ? { color: "cyan" } : {})}>
          {index === selected ? "❯ " : "  "}
          {index + 1}. {choice.label}
        </Text>
      ))}
      <Text dimColor>
        Esc to decide later
        {more > 0 ? ` · ${more} more server${more === 1 ? "" : "s"} to review` : ""}
      </Text>
    </Box>
  );
}
