/**
 * Reading a `--json` file into a tool listing. It holds a `tools/list` result (`{ tools }`,
 * also inside a JSON-RPC response), an array of tools (MCP `{ name, inputSchema }`, OpenAI
 * Chat Completions `{ type: "function", function }` or Responses `{ type: "function", name,
 * parameters }`, Anthropic `{ name, input_schema }`, Gemini `{ functionDeclarations }`), or
 * one JSON Schema, checked as the parameters of one tool named after its `title` or the file.
 *
 * @module
 */
import { basename, extname } from "node:path";
import type { ListedTool } from "toolwright/check";
import { messageOf } from "../../core/describe";
import type { ListingOutcome } from "./listing-outcome";
import { readRegularFile } from "./read-regular-file";

const SHAPES =
  "a tools/list result ({ tools }), an array of MCP, OpenAI, Anthropic or Gemini tools, or one JSON Schema";

/** Reads `path` (displayed as `shown`) into a listing, or the problem naming the file. */
export function readJsonListing(path: string, shown: string): ListingOutcome {
  let json: unknown;
  try {
    json = JSON.parse(readRegularFile(path));
  } catch (error) {
    return { ok: false, problem: `--json ${shown}: ${messageOf(error)}` };
  }
  const tools = toolsOf(json, shown);
  if (typeof tools === "string") return { ok: false, problem: `--json ${shown}: ${tools}` };
  return { ok: true, listing: { source: shown, tools } };
}

/** The tools `json` lists, or what is wrong with it. */
export function toolsOf(json: unknown, shown: string): ListedTool[] | string {
  if (Array.isArray(json)) return toolArray(json);
  if (!isRecord(json)) return `holds ${describeJson(json)}, not ${SHAPES}`;
  const result = isRecord(json.result) && json.jsonrpc !== undefined ? json.result : json;
  if (Array.isArray(result.tools)) return toolArray(result.tools);
  if (looksLikeSchema(json)) return [{ name: schemaName(json, shown), inputSchema: json }];
  return `holds an object with none of tools, type, properties or $schema; expected ${SHAPES}`;
}

function toolArray(items: readonly unknown[]): ListedTool[] | string {
  const tools: ListedTool[] = [];
  for (const [index, item] of items.entries()) {
    const read = readTools(item);
    if (read === undefined) {
      return `item ${index} is ${describeJson(item)}, not an MCP, OpenAI, Anthropic or Gemini tool (a name and a schema)`;
    }
    tools.push(...read);
  }
  return tools;
}

/** One array item as the tools it declares (Gemini's holds several), or `undefined`. */
function readTools(item: unknown): ListedTool[] | undefined {
  if (!isRecord(item)) return undefined;
  if (Array.isArray(item.functionDeclarations)) {
    const declarations = item.functionDeclarations.map(geminiTool);
    return declarations.every((tool) => tool !== undefined) ? declarations : undefined;
  }
  const tool = mcpTool(item) ?? openAITool(item) ?? anthropicTool(item);
  return tool === undefined ? undefined : [tool];
}

function mcpTool(item: Record<string, unknown>): ListedTool | undefined {
  if (typeof item.name !== "string" || !("inputSchema" in item)) return undefined;
  return {
    name: item.name,
    inputSchema: item.inputSchema,
    ...(item.outputSchema !== undefined && { outputSchema: item.outputSchema }),
  };
}

// Chat Completions nests the function; the Responses API does not.
function openAITool(item: Record<string, unknown>): ListedTool | undefined {
  if (item.type !== "function") return undefined;
  const fn = isRecord(item.function) ? item.function : item;
  if (typeof fn.name !== "string") return undefined;
  // OpenAI takes a function without parameters as one without arguments.
  return { name: fn.name, inputSchema: fn.parameters ?? { type: "object", properties: {} } };
}

function anthropicTool(item: Record<string, unknown>): ListedTool | undefined {
  if (typeof item.name !== "string" || !("input_schema" in item)) return undefined;
  return { name: item.name, inputSchema: item.input_schema };
}

function geminiTool(item: unknown): ListedTool | undefined {
  if (!isRecord(item) || typeof item.name !== "string") return undefined;
  const inputSchema = item.parametersJsonSchema ?? item.parameters;
  return { name: item.name, inputSchema: inputSchema ?? { type: "object", properties: {} } };
}

const SCHEMA_KEYS = ["type", "properties", "$schema", "$ref", "anyOf", "oneOf", "allOf"];

function looksLikeSchema(json: Record<string, unknown>): boolean {
  return SCHEMA_KEYS.some((key) => key in json);
}

// A schema alone names its tool by its title, else by the file (`search.json` → `search`).
function schemaName(json: Record<string, unknown>, shown: string): string {
  if (typeof json.title === "string" && json.title !== "") return json.title;
  return basename(shown, extname(shown));
}

function describeJson(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  if (value === null) return "null";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
