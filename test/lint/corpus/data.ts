/** Tools in the style of database and memory MCP servers. */
import type { AnyZ } from "../helpers.js";
import type { CorpusEntry } from "./entry.js";

const MEMORY = "MCP memory (knowledge graph) server";

/** A filter tree, as query tools declare it: a condition, or all/any of nested filters. */
function filterTree(z: AnyZ): unknown {
  const filter: unknown = z.lazy(() =>
    z.union([
      z.object({
        field: z.string(),
        op: z.enum(["eq", "neq", "gt", "lt", "contains"]),
        value: z.union([z.string(), z.number(), z.boolean()]),
      }),
      z.object({ all: z.array(filter as never) }),
      z.object({ any: z.array(filter as never) }),
    ]),
  );
  return filter;
}

export const DATA: readonly CorpusEntry[] = [
  {
    name: "query",
    style: "MCP Postgres server",
    build: (z) => z.object({ sql: z.string().describe("A read-only SQL query") }),
    sample: { sql: "select 1" },
  },
  {
    name: "create_table",
    style: "MCP SQLite server",
    build: (z) => z.object({ query: z.string().describe("CREATE TABLE SQL statement") }),
    sample: { query: "create table t (id integer)" },
  },
  {
    name: "create_entities",
    style: MEMORY,
    build: (z) =>
      z.object({
        entities: z.array(
          z.object({
            name: z.string().describe("The name of the entity"),
            entityType: z.string().describe("The type of the entity"),
            observations: z.array(z.string()).describe("Observations about the entity"),
          }),
        ),
      }),
    sample: { entities: [{ name: "Ada", entityType: "person", observations: ["mathematician"] }] },
  },
  {
    name: "create_relations",
    style: MEMORY,
    build: (z) =>
      z.object({
        relations: z.array(
          z.object({
            from: z.string(),
            to: z.string(),
            relationType: z.string().describe("In active voice, e.g. 'works_at'"),
          }),
        ),
      }),
    sample: { relations: [{ from: "Ada", to: "Analytical Engine", relationType: "designed" }] },
  },
  {
    name: "add_observations",
    style: MEMORY,
    build: (z) =>
      z.object({
        observations: z.array(z.object({ entityName: z.string(), contents: z.array(z.string()) })),
      }),
    sample: { observations: [{ entityName: "Ada", contents: ["wrote notes"] }] },
  },
  {
    name: "find_path",
    style: MEMORY,
    build: (z) => {
      // One schema for both ends: the reuse zod-to-json-schema writes as a $ref.
      const entityName = z.string().describe("Name of an entity in the graph");
      return z.object({
        from: entityName,
        to: entityName,
        maxDepth: z.number().int().min(1).max(6).default(3),
      });
    },
    sample: { from: "Ada", to: "Babbage" },
  },
  {
    name: "find",
    style: "MongoDB MCP server",
    build: (z) =>
      z.object({
        database: z.string(),
        collection: z.string(),
        filter: z.record(z.string(), z.unknown()).optional().describe("MongoDB query filter"),
        projection: z.record(z.string(), z.unknown()).optional(),
        limit: z.number().int().positive().default(10),
        sort: z
          .record(z.string(), z.union([z.literal(1), z.literal(-1)]))
          .optional()
          .describe("1 for ascending, -1 for descending"),
      }),
    sample: { database: "shop", collection: "orders", filter: { status: "open" }, limit: 5 },
  },
  {
    name: "search_index",
    style: "Elasticsearch MCP server",
    build: (z) =>
      z.object({
        index: z.string(),
        queryBody: z.record(z.string(), z.any()).describe("Query DSL body"),
      }),
    sample: { index: "logs", queryBody: { query: { match_all: {} } } },
  },
  {
    name: "set_key",
    style: "Redis MCP server",
    build: (z) =>
      z.object({
        key: z.string(),
        value: z.string(),
        expireSeconds: z.number().int().positive().optional(),
      }),
    sample: { key: "session:1", value: "x", expireSeconds: 60 },
  },
  {
    name: "query_records",
    style: "database query tool with a filter tree",
    build: (z) =>
      z.object({
        table: z.string(),
        where: filterTree(z) as never,
        limit: z.number().optional(),
      }),
    sample: {
      table: "users",
      where: { all: [{ field: "age", op: "gt", value: 30 }, { any: [] }] },
    },
  },
  {
    name: "set_state",
    style: "key-value state tool",
    build: (z) =>
      z.object({
        key: z.string(),
        value: z.unknown().describe("Any JSON value"),
      }),
    sample: { key: "theme", value: { dark: true } },
  },
];
