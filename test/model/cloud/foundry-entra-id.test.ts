import { readFileSync } from "node:fs";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runKeel } from "../../helpers/run-keel.js";
import { scriptedServer } from "../../helpers/scripted.js";

/**
 * Microsoft Foundry with a Microsoft Entra ID sign-in (no Foundry key): Azure's identity
 * library gets a token for the service principal in AZURE_CLIENT_ID / AZURE_TENANT_ID /
 * AZURE_CLIENT_SECRET from a stand-in authority on 127.0.0.1 (HTTPS, as the library demands,
 * with a test certificate keel trusts through NODE_EXTRA_CA_CERTS), and keel sends it as the
 * Bearer token to the scripted server's Foundry route.
 */
const TLS = new URL("../../fixtures/tls/", import.meta.url);
const CERT = fileURLToPath(new URL("localhost-cert.pem", TLS));

interface Authority {
  url: string;
  /** Each token request's form fields. */
  tokenRequests: URLSearchParams[];
  close(): Promise<void>;
}

/** The OpenID metadata and token endpoint of tenant `tenant-1`, as Entra ID serves them. */
async function standInAuthority(): Promise<Authority> {
  const tokenRequests: URLSearchParams[] = [];
  const server = createServer(
    { key: readFileSync(new URL("localhost-key.pem", TLS)), cert: readFileSync(CERT) },
    (req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => {
        body += chunk.toString("utf8");
      });
      req.on("end", () => {
        const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}/tenant-1`;
        res.setHeader("content-type", "application/json");
        if (req.url?.startsWith("/tenant-1/v2.0/.well-known/openid-configuration")) {
          res.end(
            JSON.stringify({
              issuer: `${base}/v2.0`,
              token_endpoint: `${base}/oauth2/v2.0/token`,
              authorization_endpoint: `${base}/oauth2/v2.0/authorize`,
              end_session_endpoint: `${base}/oauth2/v2.0/logout`,
              jwks_uri: `${base}/discovery/v2.0/keys`,
              response_types_supported: ["code"],
            }),
          );
        } else if (req.url?.startsWith("/tenant-1/oauth2/v2.0/token")) {
          tokenRequests.push(new URLSearchParams(body));
          res.end(
            JSON.stringify({
              token_type: "Bearer",
              expires_in: 3600,
              ext_expires_in: 3600,
              access_token: "entra-token-1",
            }),
          );
        } else {
          res.statusCode = 404;
          res.end("{}");
        }
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tokenRequests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe("Microsoft Foundry with a Microsoft Entra ID sign-in", () => {
  it("gets a token for the service principal once and sends it as the Bearer token", async () => {
    const authority = await standInAuthority();
    const server = await scriptedServer({
      turns: [
        { content: [{ type: "tool_use", name: "Glob", input: { pattern: "*.none" } }] },
        { content: "Signed in." },
      ],
    });
    try {
      const run = await runKeel(["-p", "hi", "--model", "claude-sonnet-5"], {
        env: {
          CLAUDE_CODE_USE_FOUNDRY: "1",
          ANTHROPIC_FOUNDRY_BASE_URL: `${server.url}/anthropic`,
          AZURE_TENANT_ID: "tenant-1",
          AZURE_CLIENT_ID: "client-1",
          AZURE_CLIENT_SECRET: "secret-1",
          AZURE_AUTHORITY_HOST: authority.url,
          AZURE_TOKEN_CREDENTIALS: "EnvironmentCredential",
          NODE_EXTRA_CA_CERTS: CERT,
        },
      });
      expect(run.stderr).toBe("");
      expect(run.stdout).toBe("Signed in.\n");
      expect(authority.tokenRequests).toHaveLength(1);
      expect(Object.fromEntries(authority.tokenRequests[0] ?? [])).toMatchObject({
        grant_type: "client_credentials",
        client_id: "client-1",
        client_secret: "secret-1",
        scope: "https://ai.azure.com/.default",
      });
      const turns = server.requests.filter((r) => r.answer === "turn");
      expect(turns.map((r) => r.headers.authorization)).toEqual([
        "Bearer entra-token-1",
        "Bearer entra-token-1",
      ]);
      expect(turns[0]?.headers["x-api-key"]).toBeUndefined();
      expect(server.violations).toEqual([]);
    } finally {
      await authority.close();
    }
  });
});
