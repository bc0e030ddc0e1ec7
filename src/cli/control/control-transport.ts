import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { ControlChannel } from "./channel.js";

/**
 * An MCP client transport over the control channel: each JSON-RPC message keel's MCP client
 * sends becomes an `mcp_message` request naming the SDK's in-process server; the server's
 * reply (`mcp_response`) and messages the server sends on its own come back through onmessage.
 */
export class ControlTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private closed = false;

  constructor(
    private readonly channel: ControlChannel,
    readonly serverName: string,
  ) {}

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) throw new Error(`the SDK MCP server "${this.serverName}" is closed`);
    const expectsReply = "id" in message && "method" in message;
    const answer = this.channel.request({
      subtype: "mcp_message",
      server_name: this.serverName,
      message,
    });
    if (!expectsReply) {
      // A notification or a reply to the server: the SDK's acknowledgement carries nothing.
      answer.catch((error: Error) => this.onerror?.(error));
      return;
    }
    answer.then(
      (response) => {
        const reply = response.mcp_response;
        if (typeof reply === "object" && reply !== null) this.onmessage?.(reply as JSONRPCMessage);
        else this.onerror?.(new Error(`mcp_message answer without mcp_response`));
      },
      (error: Error) => {
        // The request will never be answered: answer it for the client with a JSON-RPC error.
        this.onmessage?.({
          jsonrpc: "2.0",
          id: message.id,
          error: { code: -32603, message: error.message },
        });
      },
    );
  }

  /** A message the SDK's server sent on its own (a notification or a request). */
  deliver(message: JSONRPCMessage): void {
    if (!this.closed) this.onmessage?.(message);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }
}
