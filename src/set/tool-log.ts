/**
 * A tool set's `onLog`: the `ctx.log` a call gets when its caller brought none, so that
 * what a tool logs reaches the host, named by the tool, and a failing sink never fails
 * the call.
 *
 * @module
 */
import type { LogLevel, ToolExecutionContext } from "../core/tool-definition";
import type { ToolLogEntry } from "./types";

/** The levels `ctx.log` takes, least severe first (RFC 5424, as MCP orders them). */
export const LOG_LEVELS: readonly string[] = [
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
] satisfies LogLevel[];

/** Whether `level` is one of the levels `ctx.log` takes. */
export function isLogLevel(level: unknown): level is LogLevel {
  return typeof level === "string" && LOG_LEVELS.includes(level);
}

/**
 * `ctx` with a `log` that hands each entry to `onLog`, unless there is no `onLog` or
 * `ctx` has a `log` of its own: then `ctx` as it is. An unknown level is logged as
 * `"info"`, so an entry is never lost to a typo.
 */
export function withSetLog(
  ctx: ToolExecutionContext | undefined,
  tool: string,
  onLog: ((entry: ToolLogEntry) => void) | undefined,
): ToolExecutionContext | undefined {
  if (onLog === undefined || ctx?.log !== undefined) return ctx;
  const log = (level: LogLevel, data: unknown): void => {
    try {
      onLog({ tool, level: isLogLevel(level) ? level : "info", data });
    } catch {
      // A log sink is an observer: its failure must not fail the tool.
    }
  };
  return { ...ctx, log };
}
