/**
 * Which dialect describes each toolwright adapter mode: data, so that a CLI target, a ledger or a
 * test can ask "what does this adapter send?" without knowing the adapters. A clean lint under an
 * adapter's dialect means its parameters ship faithfully through that adapter.
 */
import type { LintDialect } from "./types.js";

/** Every adapter mode, named after the adapter and its option. */
export const ADAPTER_MODES = [
  "openai",
  "openai-strict",
  "anthropic",
  "anthropic-strict",
  "gemini",
  "gemini-parameters",
  "mcp",
] as const;

/**
 * One way a toolwright adapter sends tools: `openai` (`chatCompletions.list`/`responses.list`),
 * `openai-strict` (the same with `{ strict: true }`), `anthropic` (`anthropic.list`),
 * `anthropic-strict` (Anthropic tools sent with `strict: true`), `gemini` (`gemini.list`,
 * `parametersJsonSchema`), `gemini-parameters` (the legacy `parameters` field, fed
 * `set.schemas("openapi-3.0")`), `mcp` (`toolwright/mcp`'s `inputSchema`).
 */
export type AdapterMode = (typeof ADAPTER_MODES)[number];

/**
 * Adapter mode → the dialect that describes its output. Every mode sends the input side of
 * `parameters`; `lint/README.md` names the projection and the SDK path behind each.
 *
 * @example
 * ```ts
 * import { ADAPTER_DIALECTS, lintModelFacingSchema } from "toolwright/lint";
 *
 * lintModelFacingSchema(tool.parameters, { dialect: ADAPTER_DIALECTS["openai-strict"] });
 * ```
 */
export const ADAPTER_DIALECTS = Object.freeze({
  openai: "openai-non-strict",
  "openai-strict": "openai-strict",
  anthropic: "anthropic",
  "anthropic-strict": "anthropic-strict",
  gemini: "gemini-json-schema",
  "gemini-parameters": "gemini",
  mcp: "mcp",
} as const) satisfies Readonly<Record<AdapterMode, LintDialect>>;
