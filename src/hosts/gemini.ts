/**
 * `toolwright/gemini`: a tool set as Gemini `functionDeclarations`, and the
 * `functionResponse` for a `functionCall` the model sent. Types come from
 * `@google/genai` (an optional peer dependency, types only).
 *
 * The schemas go in `parametersJsonSchema` / `responseJsonSchema` (JSON Schema
 * 2020-12) by default. The legacy OpenAPI-subset `parameters`, which rejects whole
 * requests for `additionalProperties`, `const`, `$ref` and more, and loses tuple
 * positions, is an option (`field: "parameters"`) for paths that take only it.
 *
 * A set built with `deferLoading` is listed as `set.schemas()` lists it (Gemini has no
 * deferred loading of its own): each deferred tool by its name and one line with an open
 * schema, beside `search_tools` and `describe_tools`, in either field.
 *
 * @example
 * ```ts
 * import { runGeminiFunctionCall, toGeminiFunctionDeclarations } from "toolwright/gemini";
 * const response = await ai.models.generateContent({
 *   model, contents,
 *   config: { tools: [{ functionDeclarations: toGeminiFunctionDeclarations(set) }] },
 * });
 * for (const call of response.functionCalls ?? []) {
 *   contents.push({ role: "user", parts: [{ functionResponse: await runGeminiFunctionCall(set, call) }] });
 * }
 * ```
 *
 * @module
 */
import type {
  FunctionCall,
  FunctionDeclaration,
  FunctionResponse,
  FunctionResponsePart,
  Schema,
} from "@google/genai";
import {
  type ApprovalHandler,
  type CallOutcome,
  type ContentPart,
  describeWithExamples,
  type ResourcePart,
  settlePending,
  type ToolExecutionContext,
  type ToolSet,
  type ToolSetSchema,
} from "toolwright";
import { ADAPTER_DIALECTS, type LintDialect } from "toolwright/lint";

/**
 * The lint dialect that describes what Gemini is sent: `"gemini-json-schema"` for the
 * `parametersJsonSchema` {@link toGeminiFunctionDeclarations} fills, `"gemini"` for the legacy
 * `parameters` field (fed `set.schemas("openapi-3.0")`).
 *
 * @example
 * ```ts
 * lintToolSet(set, { dialect: geminiLintDialect() });
 * ```
 */
export function geminiLintDialect(options: GeminiToolOptions = {}): LintDialect {
  return options.field === "parameters"
    ? ADAPTER_DIALECTS["gemini-parameters"]
    : ADAPTER_DIALECTS.gemini;
}

/** Options of {@link toGeminiFunctionDeclarations}. */
export interface GeminiToolOptions {
  /**
   * Which field carries the schemas: `"parametersJsonSchema"` (JSON Schema 2020-12, with
   * `responseJsonSchema`), or the legacy `"parameters"` (the OpenAPI 3.0 projection, with
   * `response`), for models or gateways that take only the legacy field. Lint with
   * `geminiLintDialect({ field: "parameters" })`: that field fails whole requests on keywords
   * outside its subset. @default "parametersJsonSchema"
   */
  readonly field?: "parametersJsonSchema" | "parameters";
  /**
   * `"description"`: fold each entry's `examples` into its description (Gemini has no
   * field for them), one JSON line per example. Without it, examples are left out.
   * @default undefined
   */
  readonly examples?: "description";
}

/**
 * `functionDeclarations`: name, description, `parametersJsonSchema` and, when declared,
 * `responseJsonSchema`; or, with `field: "parameters"`, `parameters` and `response`.
 *
 * @example
 * ```ts
 * const functionDeclarations = toGeminiFunctionDeclarations(set, { field: "parameters" });
 * ```
 */
export function toGeminiFunctionDeclarations(
  set: ToolSet,
  options: GeminiToolOptions = {},
): FunctionDeclaration[] {
  if (options.field === "parameters") return legacyDeclarations(set, options);
  return set.schemas("draft-2020-12").map((schema) => ({
    name: schema.name,
    description: descriptionOf(schema, options),
    parametersJsonSchema: structuredClone(schema.parameters),
    ...(schema.returns !== undefined && { responseJsonSchema: structuredClone(schema.returns) }),
  }));
}

// A deferred entry's listing carries no examples: describe_tools is where its schema is.
function descriptionOf(schema: ToolSetSchema, options: GeminiToolOptions): string {
  return options.examples === "description"
    ? describeWithExamples(schema.description, schema.examples)
    : schema.description;
}

// The legacy fields take `Schema` (an OpenAPI 3.0 subset); `@google/genai` itself turns
// what it can (type arrays, `additionalProperties: false`) into that subset.
function legacyDeclarations(set: ToolSet, options: GeminiToolOptions): FunctionDeclaration[] {
  return set.schemas("openapi-3.0").map((schema) => ({
    name: schema.name,
    description: descriptionOf(schema, options),
    parameters: structuredClone(schema.parameters) as Schema,
    ...(schema.returns !== undefined && { response: structuredClone(schema.returns) as Schema }),
  }));
}

/** Options of {@link runGeminiFunctionCall}. */
export interface GeminiFunctionCallOptions {
  /**
   * Asks a person about a call that needs approval; the call then runs, or its response is
   * the readable denial (a handler that throws denies). Without it, the response's `error`
   * says the call needs approval and has not run; a host that wants the request itself
   * calls `set.call` and {@link toGeminiFunctionResponse}.
   */
  readonly approve?: ApprovalHandler;
}

/**
 * Runs a `functionCall` through the set and answers with the `functionResponse` Gemini
 * expects (see {@link toGeminiFunctionResponse}). A call that needs approval is settled by
 * `options.approve` when given. Never rejects.
 *
 * @example
 * ```ts
 * const functionResponse = await runGeminiFunctionCall(set, call, undefined, { approve: askUser });
 * ```
 */
export async function runGeminiFunctionCall(
  set: ToolSet,
  call: FunctionCall,
  ctx?: ToolExecutionContext,
  options: GeminiFunctionCallOptions = {},
): Promise<FunctionResponse> {
  const outcome = await set.call(call.name ?? "", call.args ?? {}, ctx);
  const settled = await settlePending(set, outcome, options.approve, ctx);
  return toGeminiFunctionResponse(call, settled, set);
}

/**
 * The `functionResponse` for any outcome of `call`: `{ error: message }` for a failure or
 * a call pending approval (its readable text); on success `{ output }`, which is:
 *
 * - the value itself, when what the model reads of it is its own JSON (no `toModelOutput`,
 *   nothing cut by the set's `outputBudget`), or when `set` is not given;
 * - otherwise the text the model reads, as a string: the text parts of `set.content`
 *   (the tool's `toModelOutput`, or the value's JSON cut with its marker), so Gemini reads
 *   what every other adapter shows. Images (PNG, JPEG, WebP) and PDF or image resources go
 *   in `parts` as `inlineData`, each named in the text by a line such as
 *   `[image (image/png) attached as part 1]`; audio, other binary resources and resource
 *   links become text saying what they are.
 *
 * @example
 * ```ts
 * const outcome = await set.call(call.name ?? "", call.args ?? {});
 * if (isPending(outcome)) await store.save(outcome.approval); // ask later, then set.resume
 * contents.push({ role: "user", parts: [{ functionResponse: toGeminiFunctionResponse(call, outcome, set) }] });
 * ```
 */
export function toGeminiFunctionResponse(
  call: FunctionCall,
  outcome: CallOutcome,
  set?: ToolSet,
): FunctionResponse {
  const name = call.name ?? "";
  const head = { name, ...(call.id !== undefined && { id: call.id }) };
  if (!outcome.ok) return { ...head, response: { error: outcome.error } };
  const content = set?.content(name, outcome.value);
  if (content === undefined || isOwnJson(content, outcome.value)) {
    return { ...head, response: { output: outcome.value } };
  }
  const { text, parts } = geminiContent(content);
  return { ...head, response: { output: text }, ...(parts.length > 0 && { parts }) };
}

// Whether `content` is the value's own JSON text, untouched: then the value is sent as it is.
function isOwnJson(content: readonly ContentPart[], value: unknown): boolean {
  const [only] = content;
  if (content.length !== 1 || only?.type !== "text") return false;
  if (typeof value === "string") return only.text === value;
  try {
    return only.text === (JSON.stringify(value) ?? "null");
  } catch {
    return false;
  }
}

/** The media types a Gemini `functionResponse` part takes inline. */
const INLINE_TYPES: readonly string[] = [
  "image/png",
  "image/jpeg",
  "image/webp",
  "application/pdf",
];

/** Puts media in the response's `parts`, and says in the text where it went. */
type Attach = (what: string, mimeType: string, data: string, displayName?: string) => string;

// The parts as one text, with the media Gemini takes inline moved to `parts`.
function geminiContent(content: readonly ContentPart[]): {
  readonly text: string;
  readonly parts: FunctionResponsePart[];
} {
  const parts: FunctionResponsePart[] = [];
  const attach: Attach = (what, mimeType, data, displayName) => {
    const inlineData = { mimeType, data, ...(displayName !== undefined && { displayName }) };
    parts.push({ inlineData });
    return `[${what} attached as part ${parts.length}]`;
  };
  const text = content.map((part) => lineOf(part, attach)).join("\n\n");
  return { text, parts };
}

function lineOf(part: ContentPart, attach: Attach): string {
  switch (part.type) {
    case "text":
      return part.text;
    case "image":
      return INLINE_TYPES.includes(part.mediaType)
        ? attach(`image (${part.mediaType})`, part.mediaType, part.data)
        : omitted(`image (${part.mediaType})`, "take images as PNG, JPEG or WebP");
    case "audio":
      return omitted(`audio (${part.mediaType})`, "carry no audio");
    case "resource-link": {
      const type = part.mediaType === undefined ? "" : ` (${part.mediaType})`;
      const about = part.description === undefined ? "" : `: ${part.description}`;
      return `[resource link: ${part.name} <${part.uri}>${type}${about}]`;
    }
    case "resource":
      return resourceLine(part, attach);
  }
}

// A text resource as text under its URI; an image or PDF inline; other bytes named.
function resourceLine(part: ResourcePart, attach: Attach): string {
  const what = `resource ${part.uri}${part.mediaType === undefined ? "" : ` (${part.mediaType})`}`;
  if (part.text !== undefined) return `[${what}]\n${part.text}`;
  return part.mediaType !== undefined && INLINE_TYPES.includes(part.mediaType)
    ? attach(what, part.mediaType, part.blob ?? "", part.uri)
    : omitted(what, "carry binary data only as images or PDFs");
}

function omitted(what: string, why: string): string {
  return `[${what} omitted: Gemini function responses ${why}]`;
}
