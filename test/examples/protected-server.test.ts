/**
 * examples/protected-server.ts, run as a script and in parts: a real authorization server
 * (oidc-provider) and the protected MCP server, both on 127.0.0.1, both stopped at the end.
 * The script's three calls: no token (401 and where the metadata is), a token issued for
 * another server (401 `invalid_token`, refused `wrong-audience`), and a token for this
 * server, whose call reaches the tool as its caller; the docs page shows that output.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { listenMcpHttp } from "toolwright/mcp";
import { describe, expect, it } from "vitest";
import {
  CLIENT_ID,
  OTHER_RESOURCE,
  protectedServer,
  RESOURCE,
  startAuthorizationServer,
} from "../../examples/protected-server";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
const challenge = `Bearer resource_metadata="https://meetings.example.com/.well-known/oauth-protected-resource/mcp"`;

describe("examples/protected-server.ts", () => {
  it("refuses a call without a token and one with another server's, and serves one with its own", async () => {
    const { stdout } = await run(
      process.execPath,
      ["--import", "tsx", "examples/protected-server.ts"],
      {
        cwd: root,
        timeout: 100_000,
      },
    );
    const lines = stdout.trim().split("\n");
    expect(lines).toEqual([
      `no token: 401 ${challenge}`,
      `token refused (wrong-audience): the token's aud names none of ${RESOURCE}, or it has none`,
      `token for ${OTHER_RESOURCE}: 401 ${challenge}, error="invalid_token"`,
      `token for ${RESOURCE}: ${CLIENT_ID} on 2026-12-01: Standup, Quarterly planning`,
    ]);
    // docs/mcp-auth-setup.md shows the same output.
    const page = readFileSync(`${root}docs/mcp-auth-setup.md`, "utf8");
    expect(/```text\n([\s\S]*?)```/.exec(page)?.[1]?.trim().split("\n")).toEqual(lines);
  });

  it("issues tokens whose aud is the resource asked for, and publishes it as this server's authorization server", async () => {
    const authorization = await startAuthorizationServer();
    const http = await listenMcpHttp(protectedServer(authorization.issuer));
    try {
      const token = await authorization.token(RESOURCE);
      const claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
      expect(claims).toMatchObject({
        iss: authorization.issuer,
        aud: RESOURCE,
        sub: CLIENT_ID,
        scope: "meetings:read",
      });
      const metadata = await fetch(new URL("/.well-known/oauth-protected-resource/mcp", http.url));
      expect(await metadata.json()).toEqual({
        resource: RESOURCE,
        authorization_servers: [authorization.issuer],
        scopes_supported: ["meetings:read"],
        bearer_methods_supported: ["header"],
      });
    } finally {
      await http.close({ graceMs: 0 });
      await authorization.close();
    }
  });
});
