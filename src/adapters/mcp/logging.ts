/**
 * MCP logging: the server declares `logging`, answers `logging/setLevel` by keeping the
 * client's level, and a tool's `ctx.log` becomes a `notifications/message` at or above
 * that level (every level until the client sets one), on the call's own stream, named by
 * the tool as its `logger`. A level lives as long as its `Server`: a stdio session's, an
 * HTTP session's, or over stateless HTTP one request's, so there a client's
 * `logging/setLevel` cannot reach a later call.
 *
 * @module
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { type LoggingLevel, SetLevelRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { LogLevel } from "toolwright";
import { messageOf } from "../../core/describe";
import { isLogLevel, LOG_LEVELS } from "../../set/tool-log";
import type { CallNotifications } from "./call-notifications";

const levels = new WeakMap<Server, LoggingLevel>();

/** Answers `logging/setLevel` on `server`, keeping the level for its calls' logs. */
export function serveLogging(server: Server): void {
  server.setRequestHandler(SetLevelRequestSchema, (request) => {
    levels.set(server, request.params.level);
    return {};
  });
}

/**
 * The `ctx.log` of one call of `tool`: sends what passes the client's level through
 * `notifications`. Never throws; an unknown level is sent as `"info"`.
 */
export function logBridge(
  server: Server,
  tool: string,
  notifications: CallNotifications,
): (level: LogLevel, data: unknown) => void {
  return (level, data) => {
    const sent = isLogLevel(level) ? level : "info";
    const least = levels.get(server);
    // A message goes out at or above the client's level.
    if (least !== undefined && LOG_LEVELS.indexOf(sent) < LOG_LEVELS.indexOf(least)) return;
    const [carried, bytes] = jsonData(data);
    const params = { level: sent, logger: tool, data: carried };
    notifications.send({ method: "notifications/message", params }, bytes + 128);
  };
}

/** `data` as JSON carries it, and its size; a value it cannot carry becomes a text saying so. */
function jsonData(data: unknown): [unknown, number] {
  try {
    const text = JSON.stringify(data);
    if (text !== undefined) return [data, text.length];
    const shown = String(data);
    return [shown, shown.length];
  } catch (error) {
    const shown = `(a log entry JSON cannot carry: ${messageOf(error)})`;
    return [shown, shown.length];
  }
}
