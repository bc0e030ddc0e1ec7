import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { KEEL_BIN, runKeel } from "../helpers/run-keel.js";
import { scriptedServer } from "../helpers/scripted.js";

/** Static AWS test credentials (the documentation's example pair): keel signs with them. */
const AWS_KEYS = {
  AWS_ACCESS_KEY_ID: "AKIDEXAMPLE",
  AWS_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
};

const HELLO = { turns: [{ content: "Hello from the cloud." }] };

/** The JSON result of a `keel -p --output-format json` run. */
function resultOf(stdout: string): Record<string, unknown> {
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe("Amazon Bedrock (CLAUDE_CODE_USE_BEDROCK)", () => {
  it("streams through InvokeModelWithResponseStream, signed with SigV4, the model in the path", async () => {
    const server = await scriptedServer(HELLO);
    const run = await runKeel(
      ["-p", "hi", "--output-format", "json", "--model", "us.anthropic.claude-sonnet-5-v1:0"],
      {
        env: {
          CLAUDE_CODE_USE_BEDROCK: "1",
          ANTHROPIC_BEDROCK_BASE_URL: server.url,
          AWS_REGION: "us-west-2",
          ...AWS_KEYS,
        },
      },
    );
    expect(run.stderr).toBe("");
    const result = resultOf(run.stdout);
    expect(result).toMatchObject({ result: "Hello from the cloud.", is_error: false });
    // The Bedrock id is priced as the model it stands for.
    expect(result.total_cost_usd).toBeGreaterThan(0);
    const [request] = server.requests;
    expect(request?.path).toBe(
      "/model/us.anthropic.claude-sonnet-5-v1:0/invoke-with-response-stream",
    );
    expect(request?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-west-2\/bedrock\/aws4_request, SignedHeaders=\S+, Signature=[0-9a-f]{64}$/,
    );
    expect(request?.headers["x-amz-date"]).toMatch(/^\d{8}T\d{6}Z$/);
    expect(request?.headers["x-api-key"]).toBeUndefined();
    const body = request?.body as Record<string, unknown>;
    expect(body.anthropic_version).toBe("bedrock-2023-05-31");
    expect(body).not.toHaveProperty("model");
    expect(body).not.toHaveProperty("stream");
    const [message] = body.messages as { role: string; content: { text?: string }[] }[];
    expect(message?.role).toBe("user");
    expect(message?.content.at(-1)?.text).toBe("hi");
    expect(server.violations).toEqual([]);
  });

  it("sends AWS_BEARER_TOKEN_BEDROCK as a bearer token, and retries a throttled request", async () => {
    const server = await scriptedServer({
      turns: [{ content: "Hello.", faults: [{ type: "http_error", status: 429 }] }],
    });
    const run = await runKeel(["-p", "hi", "--model", "anthropic.claude-haiku-4-5-20251001-v1:0"], {
      env: {
        CLAUDE_CODE_USE_BEDROCK: "true",
        ANTHROPIC_BEDROCK_BASE_URL: server.url,
        AWS_BEARER_TOKEN_BEDROCK: "bedrock-api-key",
      },
    });
    expect(run.stdout).toBe("Hello.\n");
    expect(server.requests).toHaveLength(2);
    for (const request of server.requests) {
      expect(request.headers.authorization).toBe("Bearer bedrock-api-key");
      expect(request.path).toBe(
        "/model/anthropic.claude-haiku-4-5-20251001-v1:0/invoke-with-response-stream",
      );
    }
    expect(server.violations).toEqual([]);
  });

  it("sends no credentials with CLAUDE_CODE_SKIP_BEDROCK_AUTH", async () => {
    const server = await scriptedServer(HELLO);
    const run = await runKeel(["-p", "hi", "--model", "us.anthropic.claude-opus-5-5-v1:0"], {
      env: {
        CLAUDE_CODE_USE_BEDROCK: "1",
        CLAUDE_CODE_SKIP_BEDROCK_AUTH: "1",
        ANTHROPIC_BEDROCK_BASE_URL: server.url,
        ...AWS_KEYS,
      },
    });
    expect(run.stdout).toBe("Hello from the cloud.\n");
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });
});

describe("Google Vertex AI (CLAUDE_CODE_USE_VERTEX)", () => {
  it("streams through streamRawPredict with the project, region and model in the path", async () => {
    const server = await scriptedServer(HELLO);
    const run = await runKeel(
      ["-p", "hi", "--output-format", "json", "--model", "claude-haiku-4-5@20251001"],
      {
        env: {
          CLAUDE_CODE_USE_VERTEX: "1",
          CLOUD_ML_REGION: "us-east5",
          ANTHROPIC_VERTEX_PROJECT_ID: "keel-test",
          ANTHROPIC_VERTEX_BASE_URL: `${server.url}/v1`,
          CLAUDE_CODE_SKIP_VERTEX_AUTH: "1",
        },
      },
    );
    const result = resultOf(run.stdout);
    expect(result).toMatchObject({ result: "Hello from the cloud.", is_error: false });
    expect(result.total_cost_usd).toBeGreaterThan(0);
    const [request] = server.requests;
    expect(request?.path).toBe(
      "/v1/projects/keel-test/locations/us-east5/publishers/anthropic/models/claude-haiku-4-5@20251001:streamRawPredict",
    );
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.headers["anthropic-version"]).toBeUndefined();
    const body = request?.body as Record<string, unknown>;
    expect(body.anthropic_version).toBe("vertex-2023-10-16");
    expect(body.stream).toBe(true);
    expect(body).not.toHaveProperty("model");
    expect(server.violations).toEqual([]);
  });

  it("says which variable is missing", async () => {
    const run = await runKeel(["-p", "hi"], {
      env: { CLAUDE_CODE_USE_VERTEX: "1", ANTHROPIC_VERTEX_PROJECT_ID: "keel-test" },
    });
    expect(run.code).toBe(1);
    expect(`${run.stdout}${run.stderr}`).toContain("Vertex AI needs CLOUD_ML_REGION");
  });
});

describe("Microsoft Foundry (CLAUDE_CODE_USE_FOUNDRY)", () => {
  it("streams the Messages API at the resource's /anthropic path with the Foundry key", async () => {
    const server = await scriptedServer(HELLO);
    const run = await runKeel(["-p", "hi", "--model", "claude-sonnet-5"], {
      env: {
        CLAUDE_CODE_USE_FOUNDRY: "1",
        ANTHROPIC_FOUNDRY_BASE_URL: `${server.url}/anthropic`,
        ANTHROPIC_FOUNDRY_API_KEY: "foundry-test-key",
      },
    });
    expect(run.stdout).toBe("Hello from the cloud.\n");
    const [request] = server.requests;
    expect(request?.path).toBe("/anthropic/v1/messages");
    expect(request?.headers["x-api-key"]).toBe("foundry-test-key");
    expect(request?.body).toMatchObject({ model: "claude-sonnet-5", stream: true });
    expect(server.violations).toEqual([]);
  });

  it("says what is missing without a key or an Entra ID sign-in", async () => {
    const server = await scriptedServer(HELLO);
    const run = await runKeel(["-p", "hi"], {
      env: {
        CLAUDE_CODE_USE_FOUNDRY: "1",
        ANTHROPIC_FOUNDRY_BASE_URL: `${server.url}/anthropic`,
        // Only the environment's service principal is tried (no managed-identity probe, no az).
        AZURE_TOKEN_CREDENTIALS: "EnvironmentCredential",
      },
    });
    expect(run.code).toBe(1);
    expect(`${run.stdout}${run.stderr}`).toContain(
      "Microsoft Foundry needs ANTHROPIC_FOUNDRY_API_KEY",
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe("the cloud platforms' packages", () => {
  it("stay out of the print bundle, required only when a platform is chosen", async () => {
    const bundle = await readFile(join(KEEL_BIN, "..", "print.cjs"), "utf8");
    for (const name of ["bedrock-sdk", "vertex-sdk", "foundry-sdk"]) {
      expect(bundle).toContain(`require("@anthropic-ai/${name}")`);
    }
    // Strings only the packages' own code holds (their user agents).
    expect(bundle).not.toContain("AnthropicBedrock/JS");
    expect(bundle).not.toContain("AnthropicVertex/JS");
    expect(bundle).not.toContain("AnthropicFoundry/JS");
  });
});
