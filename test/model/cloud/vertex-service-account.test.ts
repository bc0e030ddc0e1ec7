import { generateKeyPairSync, verify } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { serviceAccountAuth } from "../../../src/model/cloud/vertex-auth.js";
import { ModelError } from "../../../src/model/errors.js";
import { runKeel } from "../../helpers/run-keel.js";
import { scriptedServer } from "../../helpers/scripted.js";

/**
 * Vertex AI with a service-account key (GOOGLE_APPLICATION_CREDENTIALS): a key made here, a
 * stand-in token endpoint on 127.0.0.1 (the key's token_uri) that checks the signed JWT
 * assertion against the key's public half, and the scripted server's Vertex route.
 */
const CLIENT_EMAIL = "keel-test@keel-test.iam.gserviceaccount.com";

interface TokenEndpoint {
  url: string;
  /** The access tokens handed out, in order. */
  issued: string[];
  /** Why a request was refused, when one was. */
  refusals: string[];
  close(): Promise<void>;
}

function base64urlJson(part: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
}

/** Checks one token request: an RS256 JWT bearer grant signed by `publicKey`, for this client. */
function refusalOf(form: URLSearchParams, publicKey: string): string | undefined {
  if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") {
    return `grant_type ${form.get("grant_type")}`;
  }
  const [header = "", payload = "", signature = ""] = (form.get("assertion") ?? "").split(".");
  const signed = Buffer.from(`${header}.${payload}`);
  if (!verify("RSA-SHA256", signed, publicKey, Buffer.from(signature, "base64url"))) {
    return "bad signature";
  }
  if (base64urlJson(header).alg !== "RS256") return "not RS256";
  const claims = base64urlJson(payload);
  if (claims.iss !== CLIENT_EMAIL) return `iss ${String(claims.iss)}`;
  if (!String(claims.scope).includes("https://www.googleapis.com/auth/cloud-platform")) {
    return `scope ${String(claims.scope)}`;
  }
  return undefined;
}

async function tokenEndpoint(publicKey: string, expiresIn: number): Promise<TokenEndpoint> {
  const issued: string[] = [];
  const refusals: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      const refusal = refusalOf(new URLSearchParams(body), publicKey);
      res.setHeader("content-type", "application/json");
      if (refusal) {
        refusals.push(refusal);
        res.statusCode = 400;
        res.end(JSON.stringify({ error: "invalid_grant", error_description: refusal }));
        return;
      }
      const token = `ya29.test-token-${issued.length + 1}`;
      issued.push(token);
      res.end(JSON.stringify({ access_token: token, expires_in: expiresIn, token_type: "Bearer" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/token`,
    issued,
    refusals,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let dir: string;
// One key for the file's tests: making one is the slowest step here.
const keys = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  publicKeyEncoding: { type: "spki", format: "pem" },
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
});

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-vertex-sa-"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function keyFile(tokenUri: string): Promise<string> {
  const path = join(dir, "service-account.json");
  await writeFile(
    path,
    JSON.stringify({
      type: "service_account",
      project_id: "keel-test",
      private_key_id: "test-key-1",
      private_key: keys.privateKey,
      client_email: CLIENT_EMAIL,
      client_id: "1234567890",
      token_uri: tokenUri,
    }),
  );
  return path;
}

describe("Vertex AI with a service-account key", () => {
  it("keel gets a token from the key's token_uri and sends it as the Bearer token, once for two requests", async () => {
    const tokens = await tokenEndpoint(keys.publicKey, 3600);
    const server = await scriptedServer({
      turns: [
        { content: [{ type: "tool_use", name: "Glob", input: { pattern: "*.none" } }] },
        { content: "Signed twice." },
      ],
    });
    try {
      const run = await runKeel(
        ["-p", "hi", "--output-format", "json", "--model", "claude-haiku-4-5@20251001"],
        {
          env: {
            CLAUDE_CODE_USE_VERTEX: "1",
            CLOUD_ML_REGION: "us-east5",
            ANTHROPIC_VERTEX_PROJECT_ID: "keel-test",
            ANTHROPIC_VERTEX_BASE_URL: `${server.url}/v1`,
            GOOGLE_APPLICATION_CREDENTIALS: await keyFile(tokens.url),
          },
        },
      );
      expect(JSON.parse(run.stdout)).toMatchObject({ result: "Signed twice.", is_error: false });
      expect(tokens.refusals).toEqual([]);
      expect(tokens.issued).toEqual(["ya29.test-token-1"]);
      const turns = server.requests.filter((r) => r.answer === "turn");
      expect(turns.map((r) => r.headers.authorization)).toEqual([
        "Bearer ya29.test-token-1",
        "Bearer ya29.test-token-1",
      ]);
      expect(server.violations).toEqual([]);
    } finally {
      await tokens.close();
    }
  });

  it("a token about to expire is fetched again; one that is not is reused", async () => {
    // google-auth-library refreshes a token within five minutes of its expiry.
    const shortLived = await tokenEndpoint(keys.publicKey, 60);
    try {
      const auth = await serviceAccountAuth(await keyFile(shortLived.url));
      const first = await auth.getRequestHeaders();
      const second = await auth.getRequestHeaders();
      expect(first.get("authorization")).toBe("Bearer ya29.test-token-1");
      expect(second.get("authorization")).toBe("Bearer ya29.test-token-2");
      expect(shortLived.issued).toHaveLength(2);
    } finally {
      await shortLived.close();
    }
  });

  it("a service-account key without its private key is a clear auth error", async () => {
    const path = join(dir, "broken.json");
    await writeFile(path, JSON.stringify({ type: "service_account", client_email: CLIENT_EMAIL }));
    const error = await serviceAccountAuth(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect(String((error as Error).message)).toMatch(
      /GOOGLE_APPLICATION_CREDENTIALS \(.*broken\.json\) is not a service-account key \(private_key/,
    );
  });
});
