/**
 * Reading the run scope from a tool's execution context (`ctx.host.scope`).
 *
 * @module
 */
import { ScopeUnavailableError } from "./errors";
import type { ToolExecutionContext } from "./tool-definition";

/**
 * The run scope, or `undefined` when the run carries none. For tools with a real
 * scope-less fallback: branch on the result.
 *
 * @example
 * ```ts
 * const scope = readScope<ScopeOf<typeof support>>(ctx);
 * const operator = scope?.operator ?? "anonymous";
 * ```
 */
export function readScope<T extends object = Readonly<Record<string, unknown>>>(
  ctx?: ToolExecutionContext,
): T | undefined {
  const scope = ctx?.host?.scope;
  return typeof scope === "object" && scope !== null ? (scope as T) : undefined;
}

/**
 * The run scope; throws {@link ScopeUnavailableError} when the run carries none. The
 * fail-loud default for a tool that cannot do its job without knowing who it acts for.
 */
export function requireScope<T extends object = Readonly<Record<string, unknown>>>(
  ctx?: ToolExecutionContext,
): T {
  const scope = readScope<T>(ctx);
  if (scope === undefined) throw new ScopeUnavailableError();
  return scope;
}
