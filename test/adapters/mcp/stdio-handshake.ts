/**
 * The MCP handshake a client sends first over raw stdio: `initialize`, then
 * `notifications/initialized`, for tests that speak JSON-RPC lines to a server process.
 */
export function initialize(send: (message: unknown) => void): void {
  send({
    jsonrpc: "2.0",
    id: 0,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "test", version: "1.0.0" },
    },
  });
  send({ jsonrpc: "2.0", method: "notifications/initialized" });
}
