/**
 * toolwright: typed authoring of the tools LLM agents call.
 *
 * - `defineTool` / `definePlay`: tools and plays whose arguments are inferred from
 *   `parameters` and whose results are checked against `returns`.
 * - `toolbox` / `playbook` / `capability`: the containers, and the boundary where
 *   arguments are parsed once and failures are named.
 * - `toolSet`: one flat namespace over many capabilities, for hosts.
 * - `lintModelFacingSchema`: what a provider's conversion path cannot represent
 *   (re-exported from `toolwright/lint`).
 *
 * The CI sweep lives in `toolwright/check`; each host adapter in its own subpath
 * (`toolwright/mcp`, `/openai`, `/anthropic`, `/gemini`, `/ai-sdk`).
 *
 * @module
 */
export {
  ADAPTER_DIALECTS,
  ADAPTER_MODES,
  type AdapterMode,
  DEFAULT_DIALECT,
  LINT_DIALECT_NAMES,
  LINT_DIALECTS,
  LINT_RULE_CODES,
  LINT_RULES,
  type LintDialect,
  type LintOptions,
  type LintRuleCode,
  type LintRuleMeta,
  type LintSeverity,
  type LintSide,
  lintModelFacingSchema,
  lintToolSet,
  type SchemaLintFinding,
  type ToolSetLintFinding,
} from "toolwright/lint";
export type { CallFailure, CallFailureKind, CallOutcome } from "./core/call-outcome";
export type { ArgsOf, CallTypes, ResultOf, Typed } from "./core/call-types";
export {
  Capability,
  type CapabilityConfig,
  type CapabilityTool,
  capability,
  type TypedCapability,
} from "./core/capability";
export {
  type CallableKind,
  SchemaProjectionError,
  ScopeUnavailableError,
  ScopeValidationError,
  ToolArgumentsError,
  ToolOutputError,
  ToolwrightError,
  type ToolwrightErrorCode,
  UnknownToolError,
} from "./core/errors";
export { Manual, type ManualSection, TextManual } from "./core/manual";
export { ManualToolbox } from "./core/manual-toolbox";
export {
  definePlay,
  type Play,
  type PlayConfig,
  type PlayDefinition,
} from "./core/play-definition";
export { Playbook, type PlayError, type PlaySchema, playbook } from "./core/playbook";
export { projectParameters, projectReturns } from "./core/projection";
export { readScope, requireScope } from "./core/run-scope";
export {
  type ScopeInput,
  type ScopeItem,
  type ScopeItems,
  type ScopeOf,
  type ScopeValues,
  SessionScope,
} from "./core/session-scope";
export {
  defineTool,
  type MaybePromise,
  type NoReturns,
  type ObjectSchemaOrRawShape,
  type ResultHint,
  type ReturnsInput,
  type Tool,
  type ToolAnnotations,
  type ToolConfig,
  type ToolDefinition,
  type ToolEvent,
  type ToolExecutionContext,
} from "./core/tool-definition";
export { Toolbox, type ToolSchema, toolbox } from "./core/toolbox";
export type { PlayRecord, TypedPlaybook } from "./core/typed-playbook";
export type { ToolRecord, TypedToolbox } from "./core/typed-toolbox";
export {
  type ToolCallRecord,
  type ToolCallRequest,
  type ToolSet,
  type ToolSetEntry,
  type ToolSetEntryKind,
  type ToolSetOptions,
  type ToolSetSchema,
  toolSet,
} from "./hosts/tool-set";
export type {
  CallableRecord,
  CapabilityCallables,
  ManualTools,
  ToolSetCallables,
} from "./hosts/tool-set-callables";
export {
  type JsonSchema,
  type JsonSchemaOptions,
  type JsonSchemaTarget,
  type SchemaSide,
  toJsonSchema,
  type Unrepresentable,
} from "./zod/json-schema";
export type {
  AnySchema,
  SchemaError,
  SchemaInput,
  SchemaIssue,
  SchemaOutput,
  Zod3Schema,
  Zod4Schema,
} from "./zod/schema";
