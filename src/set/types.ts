/**
 * The tool set's public shapes: its entries, what a model is shown of them, its options,
 * and the `ToolSet` interface itself.
 *
 * @module
 */
import type { ApprovalDecision, ApprovalRequest, CallOutcome } from "../call/outcome";
import type { ToolCallRecord } from "../call/stages/recording";
import type { ArgsOf, ResultOf } from "../core/call-types";
import type { Capability } from "../core/capability";
import type { ContentPart, ModelOutput } from "../core/model-output";
import type {
  LogLevel,
  ToolAnnotations,
  ToolExecution,
  ToolExecutionContext,
} from "../core/tool-definition";
import type { JsonSchema, JsonSchemaTarget } from "../zod/json-schema";
import type { AnySchema } from "../zod/schema";
import type { ToolSetCallables } from "./callables";
import type { ContractTarget } from "./contract/contract-listing";
import type { ToolContract } from "./contract/listing-changes";
import type { SetControls } from "./policy";

export type { ToolCallRecord };

/** What a name in a tool set stands for. `"manual"`: a `ManualToolbox` tool over a capability's manual. */
export type ToolSetEntryKind = "tool" | "play" | "manual";

/** One callable of a {@link ToolSet}: where it comes from and what a model is shown of it. */
export interface ToolSetEntry {
  /** The name, unique across the whole set. */
  readonly name: string;
  /** A tool, a play, or a manual-reading tool. */
  readonly kind: ToolSetEntryKind;
  /** The name of the capability that owns it. */
  readonly capability: string;
  /** A name for people, when declared (an MCP listing's `title`). */
  readonly title?: string;
  /** What it does, for the model. */
  readonly description: string;
  /** The schema of its arguments. */
  readonly parameters: AnySchema;
  /** The schema of its result, when declared. */
  readonly returns?: AnySchema;
  /** What it does to the world, when declared. */
  readonly annotations?: ToolAnnotations;
  /** How an MCP client may run it, when declared (its MCP `execution`). */
  readonly execution?: ToolExecution;
  /** Calling it ends the run. */
  readonly terminal?: boolean;
  /** A hint for how a host UI should render the result. */
  readonly displayType?: string;
  /** Arguments that show a model a good call, each accepted by `parameters`. */
  readonly examples?: readonly Readonly<Record<string, unknown>>[];
  /**
   * Listed by name and one line only (see `deferLoading`): its full definition is read
   * through `describe_tools`, or the provider's own deferred loading.
   */
  readonly deferred?: true;
  /**
   * Present when a call of it may need approval (its definition's `needsApproval` or the
   * set's policy can ask for it); `set.approvalFor` says whether a given call does.
   */
  readonly mayNeedApproval?: true;
  /**
   * The scopes a caller's `ctx.auth` must grant for a call of it to run (its definition's
   * `requiredScopes`), when it declares any: a host that can ask for more (MCP over HTTP)
   * answers a call without them with its own refusal.
   */
  readonly requiredScopes?: readonly string[];
  /**
   * Present when calling it may yield partial values before its result (through
   * `ctx.onPartial`): a tool whose `execute` is an async generator. Plays get no context, so
   * theirs reach nobody.
   */
  readonly streams?: true;
  /**
   * Present for a tool declared without `execute`: the client runs it (the AI SDK adapter
   * lists it without `execute`; a call of it through the set fails, naming it).
   */
  readonly clientSide?: true;
  /** Makes the content a model reads of a result (see {@link ToolSet.content}). */
  readonly toModelOutput?: (result: unknown) => ModelOutput;
}

/** What a model is shown of one entry, with JSON Schema in a chosen dialect. */
export interface ToolSetSchema {
  readonly name: string;
  readonly kind: ToolSetEntryKind;
  readonly capability: string;
  readonly description: string;
  /** JSON Schema of the arguments (input side), `type: "object"` at the root. Deep-frozen. */
  readonly parameters: JsonSchema;
  /** JSON Schema of the result (output side), when declared. Deep-frozen. */
  readonly returns?: JsonSchema;
  readonly annotations?: ToolAnnotations;
  /** Arguments that show a model a good call, when declared. */
  readonly examples?: readonly Readonly<Record<string, unknown>>[];
  /** Listed by its summary and an open arguments schema (see `deferLoading`). */
  readonly deferred?: true;
}

/** One call of a {@link ToolSet.callMany} batch. */
export interface ToolCallRequest {
  readonly name: string;
  readonly args: unknown;
  /** This call's context; falls back to the batch's. */
  readonly ctx?: ToolExecutionContext;
}

/** One entry a tool logged with `ctx.log`, as a tool set's `onLog` receives it. */
export interface ToolLogEntry {
  /** The tool (or play) that logged it. */
  readonly tool: string;
  readonly level: LogLevel;
  readonly data: unknown;
}

/** Options of {@link toolSet}. */
export interface ToolSetOptions {
  /**
   * Add each capability's manual as two read-only tools (`list_<manual>_sections`,
   * `read_<manual>_section`, from `ManualToolbox`), so a model that only sees tools can
   * read it. Their names join the namespace and its collision check. @default true
   */
  readonly manuals?: boolean;
  /** Receives every settled call, after it settles. A throwing recorder is ignored. */
  readonly recorder?: (record: ToolCallRecord) => void;
  /**
   * Receives what a tool logs with `ctx.log`, unless the caller's context brings a `log`
   * of its own (an MCP server's, which sends it to the client). A throwing `onLog` is
   * ignored. Without one, a tool's logs are dropped.
   */
  readonly onLog?: (entry: ToolLogEntry) => void;
  /**
   * Defaults of the controls a definition declares, for every entry: which calls need
   * approval beside those whose definition says so (`needsApproval`: `true`,
   * `"destructive"` for entries annotated `destructive: true`, or a function of the entry,
   * the parsed arguments and the context; a call that needs it comes back pending with an
   * {@link ApprovalRequest} for {@link ToolSet.resume}), `timeoutMs`, `strictInputs` and
   * `formatError` (see `SetControls`).
   */
  readonly controls?: SetControls<ToolSetEntry>;
  /**
   * The key approval requests are signed with: at least 32 bytes, the same in every
   * process that resumes them. Without one, a random key: only this set can resume its
   * requests, and none survives a restart.
   */
  readonly approvalSecret?: string | Uint8Array;
  /**
   * Refuse to resume a request older than this many milliseconds (by its signed
   * `requestedAt`). Within one set, a request is settled once whatever this says; across
   * processes, this bounds how long a stored approval stays good. @default no limit
   */
  readonly approvalMaxAgeMs?: number;
  /**
   * Load tools on demand: list every entry (but those in `keep`) by its name and one line,
   * with an arguments schema that takes any object, and add two read-only tools,
   * `search_tools` (find tools by what they do) and `describe_tools` (read their full
   * definitions), so a model reads a schema only when it needs one. The entries' own
   * schemas still parse every call. Adapters that know a provider's own deferred loading
   * use it instead (see each adapter). @default false
   */
  readonly deferLoading?: boolean | { readonly keep?: readonly string[] };
  /**
   * The most characters {@link ToolSet.content} gives a model of one result, and of a
   * failure's `error`: every character it reads counts (text, base64 data, names, URIs,
   * media types, each part at least one); the rest is cut with a visible marker.
   * @default unlimited
   */
  readonly outputBudget?: number;
  /**
   * Refuse to resume a request whose tool's contract (see {@link ToolSet.contract}) changed
   * since the request was made: `"breaking"` when a call or a result valid then may not be
   * now (a new required argument, a type or an enum narrowed, a property removed, …),
   * `"any"` on any change, a reworded description included. Each request then records its
   * tool's contract (`contract`), signed with the rest; one that records none (made by a
   * set without this option) is refused too. The refusal is a `denied` outcome naming the
   * tool and what changed. @default no check (the arguments are still parsed again)
   */
  readonly approvalContract?: "breaking" | "any";
}

/**
 * One flat namespace over many capabilities. Build it with {@link toolSet}.
 *
 * `call` never rejects: every failure, an unknown name among them, is `{ ok: false, error }`.
 * `T` is what it can call by name (see {@link ToolSetCallables}): `toolSet()` over
 * capabilities built with the factories types `call` by name. A plain `ToolSet` takes
 * any name and any arguments, as a host that dispatches a model's calls does, and every
 * typed set is one: its default is `any`, the one type argument that every record is
 * assignable to and that still leaves every name callable.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above; `call` reads it as unknown arguments and results.
export interface ToolSet<T = any> {
  /** The capabilities the set was built from, in order. */
  readonly capabilities: readonly Capability[];
  /**
   * Every name, in capability order (tools, then plays, then manual tools), whoever asks:
   * {@link ToolSet.entries} with a caller's `ctx` lists what that caller may see.
   */
  readonly names: readonly string[];
  /**
   * Every entry the caller of `ctx` may see (see `visible`), in the order of
   * {@link ToolSet.names}; without `ctx`, what a caller with no context may see.
   */
  entries(ctx?: ToolExecutionContext): readonly ToolSetEntry[];
  /** The entry of that name, or `undefined` when there is none the caller of `ctx` may see. */
  get(name: string, ctx?: ToolExecutionContext): ToolSetEntry | undefined;
  /**
   * What a model is shown of every entry the caller of `ctx` may see. `parameters` and
   * `returns` are the cached, deep-frozen projections: copy them before changing them.
   * Throws `SchemaProjectionError` naming the tool when a schema cannot be projected.
   */
  schemas(target?: JsonSchemaTarget, ctx?: ToolExecutionContext): ToolSetSchema[];
  /**
   * The contract of every entry the caller of `ctx` may see, in order, as `target` reads it:
   * each entry's name, description and parameters (projected as that target's adapter
   * projects them), and its result schema where the target sends one (`"mcp"`: an
   * object-rooted one, its `outputSchema`; `"toolwright"`, the default, and the Gemini
   * modes: every one). What `toolwright check --lock` records, tool by tool. A deferred
   * entry is read in full. Throws a `TypeError` naming the valid targets for any other.
   */
  contract(target?: ContractTarget, ctx?: ToolExecutionContext): ToolContract[];
  /**
   * The fingerprint of {@link ToolSet.contract} for `target`: `sha256:` and the hex SHA-256
   * of its JSON bytes, the same the lock file of `toolwright check --lock` records for the
   * same set and `--target` (`"toolwright"`, the default, when it was run without one).
   * Store it beside a conversation or an approval request: a different one means the
   * listing a model was shown has changed (and a provider's prompt cache misses). Rejects
   * with a `TypeError` naming the valid targets for any other.
   *
   * @example
   * ```ts
   * const listed = await tools.fingerprint("mcp");
   * if (listed !== conversation.fingerprint) console.warn("the tools changed since");
   * ```
   */
  fingerprint(target?: ContractTarget, ctx?: ToolExecutionContext): Promise<string>;
  /**
   * The plan view: the same set holding only the entries annotated `readOnly: true`
   * (tools, plays and manual tools). Calling anything else through it fails as data,
   * naming what plan mode offers.
   */
  readonly plan: ToolSet<T>;
  /**
   * Calls a tool, play or manual tool by name, through the same pipeline as
   * `Toolbox.execute` and `Playbook.execute` (arguments parsed once, every failure named
   * after the callable, its controls and the set's held), with every failure as data.
   * Never rejects. When `ctx.signal` aborts, the call settles at once as `{ ok: false }`,
   * whether or not the tool honours the signal. A name the caller of `ctx` may not see
   * fails exactly as a name the set does not hold; one it sees but lacks a required
   * scope for fails `forbidden`.
   *
   * @example
   * ```ts
   * const tools = toolSet([meetings, billing]);
   * const result = await tools.call("list_meetings", { day: "2025-06-01" });
   * if (!result.ok) console.error(result.error);
   * ```
   */
  call<K extends keyof T & string>(
    name: K,
    args: ArgsOf<T[K]>,
    ctx?: ToolExecutionContext,
  ): Promise<CallOutcome<ResultOf<T[K]>>>;
  /**
   * Calls several tools, results in the order asked. Adjacent read-only tools run
   * concurrently; any other call runs alone, after everything before it settled.
   * `ctx` is the context of every call that brings none of its own.
   */
  callMany(calls: readonly ToolCallRequest[], ctx?: ToolExecutionContext): Promise<CallOutcome[]>;
  /**
   * Settles a call that came back pending (`kind: "approval-required"`): runs it when
   * `decision` approves, or fails it as `denied` with the person's reason for the model.
   * Works in another process, after a restart, when both sets share an `approvalSecret`.
   * A request whose tool or arguments were changed is refused as `denied`, and runs
   * nothing. The arguments are parsed again by `parameters`, so declare them without
   * transforms whose output the schema would not accept again. Never rejects.
   *
   * @example
   * ```ts
   * const outcome = await tools.call("delete_note", { id: "n1" });
   * if (isPending(outcome)) {
   *   const approved = await askUser(outcome.approval);
   *   const settled = await tools.resume(outcome.approval, { approved });
   * }
   * ```
   */
  resume(
    request: ApprovalRequest,
    decision: ApprovalDecision,
    ctx?: ToolExecutionContext,
  ): Promise<CallOutcome>;
  /**
   * The approval request a call of `name` on `args` would come back with, or `undefined`
   * when it would run (or fail) without one: for hosts with an approval flow of their own,
   * such as the AI SDK's. Never rejects.
   */
  approvalFor(
    name: string,
    args: unknown,
    ctx?: ToolExecutionContext,
  ): Promise<ApprovalRequest | undefined>;
  /**
   * What a model reads of a value `name` returned: the content parts its `toModelOutput`
   * makes (text, image, audio, resource link, embedded resource), or the value as one text
   * part (a string as it is, anything else as JSON); cut to the set's `outputBudget` with
   * a visible marker. Adapters map the parts to their provider's shapes. Never throws.
   */
  content(name: string, value: unknown): ContentPart[];
}
