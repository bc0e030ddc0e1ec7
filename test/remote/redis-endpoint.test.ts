import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  displayRedisUrl,
  parseRedisEndpoint,
  storedQueueName,
} from "../../src/remote/redis-endpoint.js";
import { resolveRedisUrl } from "../../src/remote/redis-url.js";

describe("parseRedisEndpoint", () => {
  it("keeps a redis:// or rediss:// URL for a single server, as ioredis reads it", () => {
    expect(parseRedisEndpoint("redis://:pw@127.0.0.1:6379/2")).toEqual({
      kind: "single",
      url: "redis://:pw@127.0.0.1:6379/2",
    });
    expect(parseRedisEndpoint("rediss://h:6380").kind).toBe("single");
  });

  it("reads a cluster URL's seed nodes, credentials (decoded) and TLS", () => {
    expect(parseRedisEndpoint("redis+cluster://10.0.0.1:7000,10.0.0.2:7001")).toEqual({
      kind: "cluster",
      nodes: [
        { host: "10.0.0.1", port: 7000 },
        { host: "10.0.0.2", port: 7001 },
      ],
      tls: false,
    });
    expect(
      parseRedisEndpoint("rediss+cluster://keel:p%40ss:w@cache.example:6379,[::1]:7002/"),
    ).toEqual({
      kind: "cluster",
      nodes: [
        { host: "cache.example", port: 6379 },
        { host: "::1", port: 7002 },
      ],
      tls: true,
      username: "keel",
      password: "p@ss:w",
    });
    expect(parseRedisEndpoint("redis+cluster://:secret@h:1")).toMatchObject({
      password: "secret",
    });
  });

  it("refuses a node that is not host:port, naming it, with the password hidden", () => {
    const bad = () => parseRedisEndpoint("redis+cluster://:secret@h1:7000,h2");
    expect(bad).toThrow(/redis\+cluster:\/\/\[user:password@\]host:port/);
    expect(bad).toThrow(/"h2" is not host:port/);
    expect(bad).not.toThrow(/secret/);
    expect(() => parseRedisEndpoint("redis+cluster://h1:99999")).toThrow(/"h1:99999"/);
    expect(() => parseRedisEndpoint("redis+cluster://")).toThrow(/"" is not host:port/);
    expect(() => parseRedisEndpoint("redis+cluster://u:100%@h:1")).toThrow(
      /a bad %-escape in the user or password/,
    );
  });

  it("refuses other schemes", () => {
    expect(() => parseRedisEndpoint("http://h:1")).toThrow(
      "the Redis URL must start with redis://, rediss://, redis+cluster:// or rediss+cluster:// (got http://h:1)",
    );
  });
});

describe("storedQueueName", () => {
  const cluster = parseRedisEndpoint("redis+cluster://h:7000");
  it("hash-tags an untagged name on a cluster, so all of a queue's keys share a slot", () => {
    expect(storedQueueName(cluster, "keel-remote")).toBe("{keel-remote}");
  });
  it("keeps a name that already has a tag, and every name on a single server", () => {
    expect(storedQueueName(cluster, "{keel-a}")).toBe("{keel-a}");
    expect(storedQueueName(cluster, "fleet-{a}")).toBe("fleet-{a}");
    // "{}" is no tag to Redis (nothing between the braces): the name is wrapped.
    expect(storedQueueName(cluster, "q{}")).toBe("{q{}}");
    expect(storedQueueName(parseRedisEndpoint("redis://h:1"), "keel-remote")).toBe("keel-remote");
  });
});

describe("displayRedisUrl", () => {
  it("hides a password, cluster URLs included", () => {
    expect(displayRedisUrl("redis://:pw@h:1")).toBe("redis://:***@h:1");
    expect(displayRedisUrl("redis+cluster://u:p@ss@a:1,b:2")).toBe("redis+cluster://u:***@a:1,b:2");
    expect(displayRedisUrl("redis://h:1")).toBe("redis://h:1");
  });
});

describe("resolveRedisUrl", () => {
  let home: string | undefined;
  afterEach(() => {
    if (home) rmSync(home, { recursive: true, force: true });
    home = undefined;
  });

  it("takes a cluster URL from the flag, the environment or keel's settings", async () => {
    home = mkdtempSync(join(tmpdir(), "keel-redis-url-"));
    const url = "redis+cluster://127.0.0.1:7000,127.0.0.1:7001";
    mkdirSync(join(home, "state"));
    writeFileSync(
      join(home, "state", "settings.json"),
      JSON.stringify({ remoteWorkers: { redisUrl: url } }),
    );
    const env = { KEEL_CONFIG_DIR: join(home, "state") };
    expect(await resolveRedisUrl(undefined, env)).toBe(url);
    expect(await resolveRedisUrl(undefined, { ...env, KEEL_REDIS_URL: "redis://h:1" })).toBe(
      "redis://h:1",
    );
    expect(await resolveRedisUrl(url, {})).toBe(url);
  });

  it("fails on a bad cluster URL before any connection", async () => {
    await expect(
      resolveRedisUrl(undefined, { KEEL_REDIS_URL: "redis+cluster://h" }),
    ).rejects.toThrow(/"h" is not host:port/);
  });
});
