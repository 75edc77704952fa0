/**
 * The lowering ledger: what an adapter changed or dropped on the way from a tool's own
 * schema to what a provider is sent. The toolbox boundary still parses with the tool's own
 * schema, so nothing here loosens what a call accepts; it says what the model is no longer
 * shown or no longer held to.
 *
 * @module
 */
import type { AdapterMode } from "./adapter-dialects.js";

/**
 * The kind of one change: `moved` (a constraint the provider cannot enforce, written into the
 * description instead), `dropped` (removed from what is sent), `rewritten` (sent in another
 * form that admits the same values), `nullable` (an optional property made required and
 * nullable; its `null` is restored to absent before parsing), `non-strict` (the whole tool sent
 * without strict mode, under `strict: "auto"`).
 */
export type LoweringChangeKind = "moved" | "dropped" | "rewritten" | "nullable" | "non-strict";

/** One change a lowering made to one tool's parameters. */
export interface LoweringChange {
  /** The tool whose parameters changed. */
  readonly tool: string;
  /** The adapter mode that made the change (`ADAPTER_MODES`). */
  readonly target: AdapterMode;
  /** Where in the parameters, as a lint path (`$`, `$.limit`, `$.items[].name`). */
  readonly path: string;
  /** What kind of change. */
  readonly kind: LoweringChangeKind;
  /** What changed, in words: `maximum 100 moved into the description`. */
  readonly message: string;
}

/** A change before it is tied to a tool and target: what a schema walk records. */
export type SchemaChange = Pick<LoweringChange, "path" | "kind" | "message">;

/**
 * Ties a schema walk's changes to their tool and target.
 *
 * @example
 * ```ts
 * ledgerOf("search", "anthropic-strict", [{ path: "$.limit", kind: "moved", message: "maximum 100 moved into the description" }]);
 * ```
 */
export function ledgerOf(
  tool: string,
  target: AdapterMode,
  changes: readonly SchemaChange[],
): LoweringChange[] {
  return changes.map((change) => ({ tool, target, ...change }));
}

/** The change that says `tool` was sent to `target` without `strict`, and why. */
export function nonStrictChange(tool: string, target: AdapterMode, reason: string): LoweringChange {
  return { tool, target, path: "$", kind: "non-strict", message: `sent non-strict: ${reason}` };
}

/**
 * One line per change, for people: `search $.limit: maximum 100 moved into the description`.
 *
 * @example
 * ```ts
 * console.log(anthropic.list(set, { strict: true }).ledger.map(formatLoweringChange).join("\n"));
 * ```
 */
export function formatLoweringChange(change: LoweringChange): string {
  return `${change.tool} ${change.path}: ${change.message}`;
}
