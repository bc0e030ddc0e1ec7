import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { VERSION } from "../version.js";
import { withDeadline } from "./deadline.js";
import { answerElicitations, ELICITATION_CAPABILITY, type Elicit } from "./elicitation.js";
import type { McpServerSpec } from "./resolve-servers.js";
import type { LoadMcpSdk, McpSdk } from "./sdk.js";
import { EMPTY_OFFER, readServerOffer, type ServerOffer } from "./server-lists.js";
import {
  type McpNoticeListener,
  type McpServerNotice,
  serverNotice,
} from "./server-notifications.js";
import { openTransport } from "./transport.js";

/** A server's state as system/init and `/mcp` report it. */
export type McpServerState = "pending" | "connected" | "failed" | "needs-approval";

/** How one server is connected and kept connected. */
export interface ServerConnectionOptions {
  spec: McpServerSpec;
  loadSdk: LoadMcpSdk;
  /** Connecting (initialize and the first lists) gives up after this long. */
  timeoutMs: number;
  /** One tool call gives up after this long without progress. */
  toolTimeoutMs: number;
  logDir: string;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  sleep: (ms: number) => Promise<void>;
  /** A server that dies is reconnected after base, 2×base, 4×base … ms, at most maxAttempts times. */
  reconnect: { baseMs: number; maxAttempts: number };
  /** Told whenever the server's state or offer changes (the tool list must be rebuilt). */
  onChange: () => void;
  onNotice: (text: string) => void;
  /** Answers the server's requests for input; absent: elicitation is not offered. */
  elicit?: Elicit;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * One MCP server: connects in the background, keeps what it offers up to date on
 * `list_changed`, and reconnects with backoff when it dies. Its failures stay its own: calls
 * to it fail with a message naming it, other servers are not touched.
 */
export class ServerConnection {
  readonly name: string;
  private state: McpServerState = "pending";
  private client: Client | undefined;
  private offer: ServerOffer = EMPTY_OFFER;
  private lastError: string | undefined;
  private closed = false;
  /** The transport of a connection attempt in progress (closed too if the server is closed). */
  private opening: Transport | undefined;
  /** Who hears the server's notices (MCP monitors). */
  private readonly listeners = new Set<McpNoticeListener>();

  constructor(private readonly options: ServerConnectionOptions) {
    this.name = options.spec.name;
  }

  /** Where the server stands now. */
  status(): McpServerState {
    return this.state;
  }

  /** Why the server failed or is reconnecting, if it did. */
  error(): string | undefined {
    return this.lastError;
  }

  /** The tools, prompts and resources the server offers now (kept while it reconnects). */
  current(): ServerOffer {
    return this.offer;
  }

  /** The client to send a request with; throws a clear error when the server is not connected. */
  connectedClient(): Client {
    if (this.client) return this.client;
    const why = this.lastError ? `: ${this.lastError}` : "";
    const state = this.state === "pending" ? "still connecting or reconnecting" : this.state;
    throw new Error(`MCP server "${this.name}" is not connected (${state})${why}`);
  }

  /**
   * Hears the server's resource updates and log messages, and its going (closed, disconnected
   * or failed: a subscription does not outlive its connection). Returns the unsubscribe.
   */
  listen(listener: McpNoticeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(notice: McpServerNotice): void {
    for (const listener of [...this.listeners]) listener(notice);
  }

  /** Connects once; resolves when the server is connected or has failed (never rejects). */
  async start(): Promise<void> {
    try {
      await this.connectOnce();
    } catch (error) {
      this.fail(`connection failed: ${messageOf(error)}`);
    }
  }

  /** Stops the server for good: kills a stdio child, closes an HTTP session. */
  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    this.tell({ type: "gone", why: "the session closed it" });
    await Promise.all([client?.close().catch(() => {}), this.opening?.close().catch(() => {})]);
  }

  private fail(reason: string): void {
    this.state = "failed";
    this.lastError = reason;
    this.offer = EMPTY_OFFER;
    this.tell({ type: "gone", why: reason });
    this.options.onNotice(`MCP server "${this.name}" ${reason}`);
    this.options.onChange();
  }

  private async connectOnce(): Promise<void> {
    const { options } = this;
    const sdk = await options.loadSdk();
    const transport: Transport = await openTransport(options.spec.config, {
      sdk,
      name: this.name,
      logDir: options.logDir,
      env: options.env,
      cwd: options.cwd,
    });
    if (this.closed) {
      await transport.close().catch(() => {});
      return;
    }
    this.opening = transport;
    try {
      await this.initialize(sdk, transport);
    } finally {
      this.opening = undefined;
    }
  }

  private async initialize(sdk: McpSdk, transport: Transport): Promise<void> {
    const { options } = this;
    let client: Client | undefined;
    const listChanged = this.listChangedHandlers(() => client);
    const { elicit } = options;
    const capabilities = elicit ? ELICITATION_CAPABILITY : {};
    client = new sdk.Client({ name: "keel", version: VERSION }, { listChanged, capabilities });
    if (elicit) answerElicitations(client, sdk, this.name, elicit);
    const own = client;
    own.fallbackNotificationHandler = async (notification) => {
      const notice = own === this.client ? serverNotice(notification) : undefined;
      if (notice) this.tell(notice);
    };
    // keel's own deadline, not the SDK's: on timeout the transport is closed and awaited, so a
    // stdio child that never answered is gone before the server is reported failed.
    await withDeadline(
      // The SDK's own timeout is set past keel's, so keel's deadline always decides.
      client.connect(transport, { timeout: options.timeoutMs + 60_000 }),
      options.timeoutMs,
      `timed out after ${options.timeoutMs} ms waiting for initialize (MCP_TIMEOUT)`,
      () => transport.close().catch(() => {}),
    );
    let offer: ServerOffer;
    try {
      offer = await readServerOffer(client, options.timeoutMs);
    } catch (error) {
      await client.close().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.close().catch(() => {});
      return;
    }
    const connected = client;
    connected.onclose = () => this.onClosed(connected);
    this.client = connected;
    this.offer = offer;
    this.state = "connected";
    this.lastError = undefined;
    options.onChange();
  }

  /** Keeps the offer current when the server says its tools or prompts changed. */
  private listChangedHandlers(clientOf: () => Client | undefined) {
    const ours = () => clientOf() !== undefined && clientOf() === this.client;
    const update = (change: Partial<ServerOffer>) => {
      if (!ours()) return;
      this.offer = { ...this.offer, ...change };
      this.options.onChange();
    };
    return {
      tools: {
        debounceMs: 0,
        onChanged: (error: Error | null, tools: ServerOffer["tools"] | null) => {
          if (!error && tools) update({ tools });
        },
      },
      prompts: {
        debounceMs: 0,
        onChanged: (error: Error | null, prompts: ServerOffer["prompts"] | null) => {
          if (!error && prompts) update({ prompts });
        },
      },
    };
  }

  private onClosed(client: Client): void {
    if (this.closed || client !== this.client) return;
    this.client = undefined;
    this.state = "pending";
    this.lastError = "the connection closed";
    this.tell({ type: "gone", why: "its connection closed" });
    this.options.onNotice(`MCP server "${this.name}" disconnected; reconnecting`);
    this.options.onChange();
    void this.reconnect();
  }

  /** Tries again after 1 s, 2 s, 4 s … (by default), then gives up. */
  private async reconnect(): Promise<void> {
    const { baseMs, maxAttempts } = this.options.reconnect;
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      await this.options.sleep(baseMs * 2 ** (attempt - 1));
      if (this.closed) return;
      try {
        await this.connectOnce();
        this.options.onNotice(`MCP server "${this.name}" reconnected`);
        return;
      } catch (error) {
        this.lastError = `reconnect attempt ${attempt}/${maxAttempts} failed: ${messageOf(error)}`;
      }
    }
    if (!this.closed) {
      this.fail(`could not be reconnected after ${maxAttempts} attempts (${this.lastError})`);
    }
  }
}
