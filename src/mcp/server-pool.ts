import type { McpServerSpec } from "./resolve-servers.js";
import type { ServerConnection } from "./server-connection.js";

/** One server the session knows: its spec, and its connection unless it is switched off. */
interface PoolEntry {
  spec: McpServerSpec;
  connection: ServerConnection | undefined;
}

/**
 * The session's servers as they change while it runs (an SDK host adds, removes, reconnects
 * and switches them): each change closes the old connection (a stdio child is gone after it)
 * before it resolves, and tells `onChange`, so the next tool list is built again.
 */
export class ServerPool {
  private readonly entries: PoolEntry[];

  constructor(
    specs: readonly McpServerSpec[],
    private readonly connect: (spec: McpServerSpec) => ServerConnection,
    private readonly onChange: () => void,
  ) {
    this.entries = specs.map((spec) => ({ spec, connection: connect(spec) }));
  }

  /** The connections of the servers that are on, in the order they were added. */
  connections(): ServerConnection[] {
    return this.entries.flatMap((entry) => (entry.connection ? [entry.connection] : []));
  }

  /** Every server with its spec, and whether it is switched off. */
  list(): ReadonlyArray<{ spec: McpServerSpec; connection: ServerConnection | undefined }> {
    return this.entries;
  }

  /** The server of that name, if the session has it. */
  find(name: string): PoolEntry | undefined {
    return this.entries.find((entry) => entry.spec.name === name);
  }

  /** Starts every server the pool was made with; resolves when each connected or failed. */
  async startAll(): Promise<void> {
    await Promise.all(this.connections().map((c) => c.start()));
  }

  /** Adds a server, or replaces the one of its name; resolves once it connected or failed. */
  async put(spec: McpServerSpec): Promise<ServerConnection> {
    const entry = this.find(spec.name);
    await entry?.connection?.close();
    const connection = this.connect(spec);
    if (entry) Object.assign(entry, { spec, connection });
    else this.entries.push({ spec, connection });
    this.onChange();
    await connection.start();
    return connection;
  }

  /** Closes a server and forgets it. */
  async remove(name: string): Promise<void> {
    const entry = this.find(name);
    if (!entry) return;
    this.entries.splice(this.entries.indexOf(entry), 1);
    this.onChange();
    await entry.connection?.close();
  }

  /** Closes a server but keeps it listed (switched off): its tools leave the list. */
  async switchOff(name: string): Promise<void> {
    const entry = this.find(name);
    const connection = entry?.connection;
    if (!entry || !connection) return;
    entry.connection = undefined;
    this.onChange();
    await connection.close();
  }

  /** Stops every server: kills stdio children, closes HTTP sessions. */
  async closeAll(): Promise<void> {
    await Promise.all(this.connections().map((c) => c.close()));
  }
}
