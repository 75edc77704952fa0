/**
 * A protected MCP handler (`auth` with `jwtVerifier` against an authorization server of
 * the test's) on a loopback server whose URL is the resource; closed by the cleanup it
 * registers.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createMcpHttpHandler, jwtVerifier, type McpHttpHandlerOptions } from "toolwright/mcp";
import type { AuthorizationServer } from "./authorization-server";

/** Serves `options` behind `auth` trusting `issuer`; returns the resource URL. */
export async function serveProtected(
  issuer: AuthorizationServer,
  options: Omit<McpHttpHandlerOptions, "auth"> & { readonly scopesSupported: readonly string[] },
  cleanups: (() => Promise<void>)[],
): Promise<URL> {
  let handler: ReturnType<typeof createMcpHttpHandler> | undefined;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void handler?.(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
  const verifier = jwtVerifier({ issuer: issuer.issuer, audience: url.href });
  const { scopesSupported, ...served } = options;
  handler = createMcpHttpHandler({
    ...served,
    auth: {
      resource: url,
      authorizationServers: [issuer.issuer],
      scopesSupported,
      verify: (token) => verifier.verify(token),
    },
  });
  cleanups.push(async () => {
    await handler?.close({ graceMs: 0 });
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return url;
}
