/**
 * `toolwright/gemini`: a tool set as Gemini `functionDeclarations`, and the
 * `functionResponse` for a `functionCall` the model sent, through the adapter every host has
 * (`list`, `decode`, `encode`, `run`). Types come from `@google/genai` (an optional peer
 * dependency, types only).
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
 * import { gemini } from "toolwright/gemini";
 * const { tools: functionDeclarations } = gemini.list(set);
 * const response = await ai.models.generateContent({
 *   model, contents, config: { tools: [{ functionDeclarations }] },
 * });
 * for (const call of response.functionCalls ?? []) {
 *   contents.push({ role: "user", parts: [{ functionResponse: await gemini.run(set, call) }] });
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
import type { CallOutcome, ContentPart, ResourcePart, ToolSet, ToolSetSchema } from "toolwright";
import { ADAPTER_DIALECTS, type LoweringChange } from "toolwright/lint";
import {
  type CallerOptions,
  type Listing,
  type RunOptions,
  runWith,
  type ToolAdapter,
} from "../contract";
import { describeWithExamples } from "../examples-text";
import { linkText, omitted, partName, resourceText } from "../part-text";
import { legacyParameters, legacyResponse } from "./legacy-field";

/** Options of the Gemini adapter. */
export interface GeminiOptions extends CallerOptions {
  /**
   * Which field carries the schemas: `"parametersJsonSchema"` (JSON Schema 2020-12, with
   * `responseJsonSchema`), or the legacy `"parameters"` (the OpenAPI 3.0 projection, with
   * `response`), for models or gateways that take only the legacy field; that field fails
   * whole requests on keywords outside its subset, and the listing's `dialect` says which;
   * its `ledger` lists each annotation toolwright leaves out (the legacy `Schema` has no field
   * for it) and each `additionalProperties` `@google/genai` drops on the way.
   * @default "parametersJsonSchema"
   */
  readonly field?: "parametersJsonSchema" | "parameters";
  /**
   * `"description"`: fold each entry's `examples` into its description (Gemini has no
   * field for them), one JSON line per example. Without it, examples are left out.
   * @default undefined
   */
  readonly examples?: "description";
}

function list(set: ToolSet, options: GeminiOptions = {}): Listing<FunctionDeclaration[]> {
  if (options.field === "parameters") {
    const declared = set
      .schemas("openapi-3.0", options.ctx)
      .map((schema) => legacyDeclaration(schema, options));
    return {
      tools: declared.map(({ declaration }) => declaration),
      ledger: declared.flatMap(({ ledger }) => ledger),
      dialect: ADAPTER_DIALECTS["gemini-parameters"],
    };
  }
  // `parametersJsonSchema` goes as projected, by the SDK too: nothing is lowered.
  const tools = set.schemas("draft-2020-12", options.ctx).map((schema) => ({
    name: schema.name,
    description: descriptionOf(schema, options),
    parametersJsonSchema: structuredClone(schema.parameters),
    ...(schema.returns !== undefined && {
      responseJsonSchema: structuredClone(schema.returns),
    }),
  }));
  return { tools, ledger: [], dialect: ADAPTER_DIALECTS.gemini };
}

// A deferred entry's listing carries no examples: describe_tools is where its schema is.
function descriptionOf(schema: ToolSetSchema, options: GeminiOptions): string {
  return options.examples === "description"
    ? describeWithExamples(schema.description, schema.examples)
    : schema.description;
}

// The legacy fields take `Schema` (an OpenAPI 3.0 subset): toolwright leaves out the
// annotations it has no field for, and `@google/genai` turns what it can (type arrays,
// `additionalProperties: false`) into that subset (./legacy-field.ts).
function legacyDeclaration(
  schema: ToolSetSchema,
  options: GeminiOptions,
): { declaration: FunctionDeclaration; ledger: LoweringChange[] } {
  const { parameters, ledger } = legacyParameters(schema.name, schema.parameters);
  const declaration: FunctionDeclaration = {
    name: schema.name,
    description: descriptionOf(schema, options),
    parameters: parameters as Schema,
    ...(schema.returns !== undefined && { response: legacyResponse(schema.returns) as Schema }),
  };
  return { declaration, ledger };
}

function encode(set: ToolSet, call: FunctionCall, outcome: CallOutcome): FunctionResponse {
  const name = call.name ?? "";
  const head = { name, ...(call.id !== undefined && { id: call.id }) };
  if (!outcome.ok) return { ...head, response: { error: outcome.error } };
  const content = set.content(name, outcome.value);
  if (isOwnJson(content, outcome.value)) return { ...head, response: { output: outcome.value } };
  const { text, parts } = geminiContent(content);
  return { ...head, response: { output: text }, ...(parts.length > 0 && { parts }) };
}

/**
 * Gemini. `list` gives `functionDeclarations` (`parametersJsonSchema` and, when declared,
 * `responseJsonSchema`; or, with `field: "parameters"`, the legacy `parameters` and
 * `response`). `run` answers a `functionCall` with its `functionResponse`: `{ error }` for a
 * failure or a call pending approval; on success `{ output }`, which is the value itself
 * when what the model reads of it is its own JSON (no `toModelOutput`, nothing cut by the
 * set's `outputBudget`), and otherwise the text the model reads, with images (PNG, JPEG,
 * WebP) and PDF or image resources in `parts` as `inlineData`, each named in the text by a
 * line such as `[image (image/png) attached as part 1]`.
 *
 * @example
 * ```ts
 * const functionResponse = await gemini.run(set, call, { approve: askUser });
 * ```
 */
export const gemini = {
  list,
  decode: (_set: ToolSet, call: FunctionCall) => ({ name: call.name ?? "", args: call.args ?? {} }),
  encode,
  run: (
    set: ToolSet,
    call: FunctionCall,
    options?: GeminiOptions & RunOptions,
  ): Promise<FunctionResponse> => runWith(gemini, set, call, options),
} satisfies ToolAdapter<FunctionDeclaration[], FunctionCall, FunctionResponse, GeminiOptions>;

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

/** Where a part went that did not fit, as the omission text names it. */
const WHERE = "Gemini function responses";

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
        : omitted(part, WHERE, "take images as PNG, JPEG or WebP");
    case "audio":
      return omitted(part, WHERE, "carry no audio");
    case "resource-link":
      return linkText(part);
    case "resource":
      return resourceLine(part, attach);
  }
}

// A text resource as text under its URI; an image or PDF inline; other bytes named.
function resourceLine(part: ResourcePart, attach: Attach): string {
  if (part.text !== undefined) return resourceText(part, part.text);
  return part.mediaType !== undefined && INLINE_TYPES.includes(part.mediaType)
    ? attach(partName(part), part.mediaType, part.blob ?? "", part.uri)
    : omitted(part, WHERE, "carry binary data only as images or PDFs");
}
