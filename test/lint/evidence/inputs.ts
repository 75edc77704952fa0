/**
 * The three inputs the evidence tables are printed for: the corpus as written (Zod), the corpus
 * as JSON Schema (each instance projected at the target its dialect's path uses), and the real
 * MCP servers' listings.
 */
import type { JsonSchemaTarget } from "toolwright";
import type { LintDialect } from "toolwright/lint";
import { type CorpusInstance, corpusInstances } from "../corpus/index.js";
import type { SubjectsOf } from "./evidence.js";
import { sampleOf } from "./listing-sample.js";
import type { RealListing } from "./real-listings.js";
import { jsonSubject, listedSubject, type Subject, zodSubject } from "./subject.js";

/**
 * The JSON Schema each dialect's path receives from the package: draft-07 for OpenAI's
 * adapter and helper, OpenAPI 3.0 for Gemini's legacy field and the spec's Bifrost row
 * (the OpenAPI 3 conversion), 2020-12 for Anthropic, Gemini's `parametersJsonSchema` and MCP.
 */
export const DIALECT_TARGETS: Readonly<Record<LintDialect, JsonSchemaTarget>> = {
  "gemini-bifrost": "openapi-3.0",
  openai: "draft-07",
  "openai-strict": "draft-07",
  gemini: "openapi-3.0",
  "anthropic-strict": "draft-2020-12",
  "openai-non-strict": "draft-07",
  anthropic: "draft-2020-12",
  "gemini-json-schema": "draft-2020-12",
  mcp: "draft-2020-12",
};

/** One input: its subjects per dialect, and the line that says what it holds. */
export interface EvidenceInput {
  readonly subjectsOf: SubjectsOf;
  readonly caption: string;
}

/** The corpus as written: every instance, the Zod schema linted. */
export function zodInput(instances: readonly CorpusInstance[] = corpusInstances()): EvidenceInput {
  const subjects = instances.map(zodSubject);
  const tools = new Set(instances.map((i) => i.entry.name)).size;
  return {
    subjectsOf: () => subjects,
    caption: `${tools} tools, ${instances.length} schemas (both Zod majors); units are the root and each root property.`,
  };
}

/**
 * The corpus as JSON Schema: per dialect, each instance's projection at that dialect's target,
 * linted through the JSON Schema view; instances the package cannot project at all (a Zod 4
 * construct JSON Schema cannot carry) have no JSON Schema to lint and are left out.
 */
export function jsonInput(instances: readonly CorpusInstance[] = corpusInstances()): EvidenceInput {
  const byTarget = new Map<JsonSchemaTarget, Subject[]>();
  for (const target of new Set(Object.values(DIALECT_TARGETS))) {
    byTarget.set(
      target,
      instances.flatMap((i) => jsonSubject(i, target) ?? []),
    );
  }
  const counts = [...byTarget].map(([target, subjects]) => `${subjects.length} at ${target}`);
  return {
    subjectsOf: (dialect) => byTarget.get(DIALECT_TARGETS[dialect]) ?? [],
    caption: `The same ${instances.length} schemas projected as each dialect's path receives them (${counts.join(", ")}; the rest cannot be projected), linted as JSON Schema.`,
  };
}

/** The real servers' listings: each tool's `inputSchema`, with an argument built from it. */
export function listingInput(listings: readonly RealListing[]): EvidenceInput {
  const subjects = listings.flatMap((listing) =>
    listing.tools.map((tool) =>
      listedSubject(
        listing.server.replace(/^@modelcontextprotocol\//, ""),
        tool,
        sampleOf(tool.inputSchema),
      ),
    ),
  );
  const servers = listings.map((l) => `${l.server} ${l.version} (${l.tools.length})`);
  return {
    subjectsOf: () => subjects,
    caption: `${subjects.length} tools listed by ${servers.join(", ")}, started over stdio; each inputSchema linted as JSON Schema.`,
  };
}
