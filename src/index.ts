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
export type { ApprovalCheck, CallControls, FailedCall, FormatError } from "./core/call-controls";
export {
  type ApprovalDecision,
  type ApprovalHandler,
  type ApprovalRequest,
  type CallFailure,
  type CallFailureKind,
  type CallOutcome,
  type CallPending,
  isPending,
} from "./core/call-outcome";
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
  ToolTimeoutError,
  ToolwrightError,
  type ToolwrightErrorCode,
  UnknownToolError,
} from "./core/errors";
export { Manual, type ManualSection, TextManual } from "./core/manual";
export { ManualToolbox } from "./core/manual-toolbox";
export type {
  AudioPart,
  ContentPart,
  ImagePart,
  ModelOutput,
  ResourceLinkPart,
  ResourcePart,
  TextPart,
} from "./core/model-output";
export { PartialResultError } from "./core/partial-results";
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
  type StreamedResultHint,
  type Tool,
  type ToolAnnotations,
  type ToolConfig,
  type ToolDefinition,
  type ToolEvent,
  type ToolExecutionContext,
  type ToolStream,
} from "./core/tool-definition";
export { Toolbox, type ToolSchema, toolbox } from "./core/toolbox";
export type { PlayRecord, TypedPlaybook } from "./core/typed-playbook";
export type { ToolRecord, TypedToolbox } from "./core/typed-toolbox";
export {
  type ApprovalPolicy,
  type ApprovalQuery,
  type ToolCallRecord,
  type ToolCallRequest,
  type ToolSet,
  type ToolSetEntry,
  type ToolSetEntryKind,
  type ToolSetOptions,
  type ToolSetSchema,
  toolSet,
} from "./hosts/tool-set";
export {
  DESCRIBE_TOOLS,
  deferredListing,
  SEARCH_TOOLS,
  summaryOf,
  TOOL_CATALOG,
} from "./hosts/tool-set/catalog";
export { describeWithExamples } from "./hosts/tool-set/examples-text";
export { settlePending } from "./hosts/tool-set/settle-pending";
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
