/**
 * End to end: `toolwright check --mcp`, `--mcp-url` and `--json` with the built CLI in a
 * child process, against hand-written servers that misbehave on purpose
 * (fixtures/mcp/fake-server.mjs) and an SDK server over Streamable HTTP on loopback.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join, relative } from "node:path";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gone } from "../processes";
import { buildCli, CLI, ROOT, type Run, removeCli, runCli } from "./build";

const FAKE = "test/check/fixtures/mcp/fake-server.mjs";
const fake = (mode: string, ...args: string[]) => ["node", FAKE, mode, ...args].join(" ");

beforeAll(buildCli, 120_000);
afterAll(removeCli);

const DIR = mkdtempSync(join(ROOT, "test/check/.listings-"));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

/** Writes `json` to a file under DIR; returns its path from ROOT. */
function jsonFile(name: string, json: unknown): string {
  writeFileSync(join(DIR, name), typeof json === "string" ? json : JSON.stringify(json));
  return relative(ROOT, join(DIR, name));
}

/** Runs the CLI without blocking this process, which may be serving it over HTTP. */
function runCliAsync(...args: string[]): Promise<Run> {
  return new Promise((settle) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("close", (status) => {
      const lines = stdout.split("\n").filter((line, i, all) => line !== "" || i < all.length - 1);
      settle({ status, stdout, stderr, lines });
    });
  });
}

describe("toolwright check --mcp", () => {
  it("lints every page of the listing, each finding naming the server and the tool", () => {
    const command = fake("pages");
    const result = runCli("check", "--mcp", command, "--target", "anthropic-strict");
    expect(result.stderr).toBe("");
    expect(result.status).toBe(1);
    // Four schemas: the third tool's outputSchema too, which no adapter but MCP sends.
    expect(result.lines.map((line) => line.replace(/ — .*/, ""))).toEqual([
      `${command}: fixture-pages / first.parameters: [numeric-bound] error $.limit`,
      `${command}: fixture-pages / third.parameters: [tuple] error $.pair`,
      "toolwright check: 4 schemas under anthropic-strict: 2 errors, 0 warnings",
    ]);
  });

  it("lints an outputSchema under the mcp target, and every format names server and tool", () => {
    const command = fake("pages");
    const text = runCli("check", "--mcp", command, "--dialect", "gemini");
    expect(text.lines).toContainEqual(
      expect.stringMatching(
        /^node .*pages: fixture-pages \/ third\.returns: \[exclusive-numeric-bound\] error \$\.total/,
      ),
    );
    const json = JSON.parse(
      runCli("check", "--mcp", command, "--dialect", "gemini", "--format", "json").stdout,
    );
    expect(json.servers).toEqual([command]);
    const returns = json.findings.find(
      (f: { label: string }) => f.label === "fixture-pages / third.returns",
    );
    expect(returns).toMatchObject({
      file: null,
      server: { source: command, name: "fixture-pages" },
      agent: "fixture-pages",
      name: "third",
      schema: "returns",
      code: "exclusive-numeric-bound",
    });
    const github = runCli("check", "--mcp", command, "--dialect", "gemini", "--format", "github");
    const annotation = github.lines.find((line) => line.includes("third.returns"));
    // A server is no file: the annotation has no file= and names the server in its title.
    expect(annotation).toMatch(
      /^::error title=toolwright \[exclusive-numeric-bound\] fixture-pages \/ third\.returns::\$\.total — /,
    );
  });

  it("reports a schema that is no object, a non-object root and a cyclic $ref per tool, and goes on", () => {
    const result = runCli(
      "check",
      "--mcp",
      fake("broken"),
      "--target",
      "anthropic-strict",
      "--format",
      "json",
    );
    expect(result.status).toBe(1);
    const found = JSON.parse(result.stdout).findings.map(
      (f: { label: string; code: string }) => `${f.label} ${f.code}`,
    );
    expect(found).toEqual([
      "fixture-broken / not_an_object.parameters not-a-schema",
      "fixture-broken / string_root.parameters non-object-root",
      "fixture-broken / string_root.parameters parameters-not-object",
      "fixture-broken / cyclic.parameters recursive-lazy",
    ]);
  });

  it("lints 1,000 tools and checks them as one request against the provider's budgets", () => {
    const result = runCli(
      "check",
      "--mcp",
      fake("many"),
      "--target",
      "anthropic-strict",
      "--format",
      "json",
    );
    const json = JSON.parse(result.stdout);
    expect(json.toolsChecked).toBe(1000);
    const budget = json.findings.filter((f: { code: string }) => f.code === "request-budget");
    expect(budget).toHaveLength(1);
    expect(budget[0].message).toContain("1000 strict tools");
    expect(budget[0].label).toBe("fixture-many / (request)");
  });

  it.each([
    [
      "exits",
      /exits: ended before it listed its tools .*its stderr ended with: fake-server: cannot start, no config/,
    ],
    ["hangs", /hangs: listed no tools within 1500 ms \(--import-timeout\)/],
    [
      "garbage",
      /garbage: wrote a line on stdout that is not a JSON-RPC message .*logs go to stderr/,
    ],
    ["cursor-loop", /cursor-loop: answered tools\/list with the cursor "same" a second time/],
    ["no-name", /no-name: answered tools\/list with tool 0 that has no name/],
  ])("a server that %s is a load error (exit 2) within --import-timeout", (mode, message) => {
    const result = runCli("check", "--mcp", fake(mode), "--import-timeout", "1500");
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(new RegExp(`^toolwright check: node ${FAKE} ${message.source}`));
  });

  it("ends the server's whole process tree on a timeout", async () => {
    const pidFile = join(DIR, "grandchild.pid");
    const result = await runCliAsync(
      "check",
      "--mcp",
      fake("spawns", pidFile),
      "--import-timeout",
      "1500",
    );
    expect(result.status).toBe(2);
    expect(await gone(Number(readFileSync(pidFile, "utf8")))).toBe(true);
  });

  it("a command that cannot be started, or cannot be split, is a load or usage error", () => {
    const missing = runCli("check", "--mcp", "no-such-program-toolwright --stdio");
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(
      /no-such-program-toolwright --stdio: could not be started: .*ENOENT.*on PATH/,
    );
    const unclosed = runCli("check", "--mcp", "node 'server.mjs");
    expect(unclosed.status).toBe(2);
    expect(unclosed.stderr).toContain("unclosed '");
  });

  it("combines modules and listings in one report", () => {
    const result = runCli(
      "check",
      "test/check/fixtures/clean.ts",
      "--mcp",
      fake("clean"),
      "--format",
      "json",
    );
    expect(result.status).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json.modules).toEqual(["test/check/fixtures/clean.ts"]);
    expect(json.servers).toEqual([fake("clean")]);
    // clean.ts's schemas and the server's one tool.
    const modulesOnly = JSON.parse(
      runCli("check", "test/check/fixtures/clean.ts", "--format", "json").stdout,
    );
    expect(json.schemasChecked).toBe(modulesOnly.schemasChecked + 1);
  });
});

describe("toolwright check --json", () => {
  const schema = {
    type: "object",
    properties: { when: { type: "string", format: "uri" } },
    required: ["when"],
  };

  it.each([
    ["a tools/list result", { tools: [{ name: "plan", inputSchema: schema }] }],
    [
      "a JSON-RPC response",
      { jsonrpc: "2.0", id: 1, result: { tools: [{ name: "plan", inputSchema: schema }] } },
    ],
    [
      "OpenAI Chat Completions tools",
      [{ type: "function", function: { name: "plan", parameters: schema } }],
    ],
    [
      "OpenAI Responses tools",
      [{ type: "function", name: "plan", parameters: schema, strict: true }],
    ],
    ["Anthropic tools", [{ name: "plan", input_schema: schema }]],
    ["Gemini tools", [{ functionDeclarations: [{ name: "plan", parametersJsonSchema: schema }] }]],
    ["one JSON Schema", { title: "plan", ...schema }],
  ])("reads %s", (_shape, json) => {
    const file = jsonFile(`${_shape.replace(/\W+/g, "-")}.json`, json);
    const result = runCli("check", "--json", file, "--target", "openai-strict");
    expect(result.status).toBe(1);
    expect(result.lines[0]).toMatch(
      new RegExp(`^${file}: plan\\.parameters: \\[string-format\\] error \\$\\.when — `),
    );
    const github = runCli(
      "check",
      "--json",
      file,
      "--target",
      "openai-strict",
      "--format",
      "github",
    );
    // A JSON file is a file: annotations point at it.
    expect(github.lines[0]).toMatch(
      new RegExp(`^::error file=${file.replace(/\./g, "\\.")},title=`),
    );
  });

  it("names a schema alone after its file when it has no title", () => {
    const file = jsonFile("search.json", schema);
    expect(runCli("check", "--json", file, "--target", "openai-strict").lines[0]).toContain(
      ": search.parameters: ",
    );
  });

  it.each([
    ["is not JSON", "{ tools: ", /is not valid JSON|Unexpected token|Expected property name/],
    ["holds a number", "42", /holds a number, not a tools\/list result/],
    [
      "holds an unknown object",
      { hello: 1 },
      /holds an object with none of tools, type, properties or \$schema/,
    ],
    [
      "holds an item that is no tool",
      [{ name: "a", input_schema: {} }, { name: 3 }],
      /item 1 is an object, not an MCP, OpenAI, Anthropic or Gemini tool/,
    ],
  ])("a file that %s is a load error (exit 2)", (what, json, message) => {
    const file = jsonFile(`bad-${what.replace(/\W+/g, "-")}.json`, json);
    const result = runCli("check", "--json", file);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(`^toolwright check: --json ${file.replace(/\./g, "\\.")}: `),
    );
    expect(result.stderr).toMatch(message);
  });

  it("a missing file is a load error", () => {
    const result = runCli("check", "--json", "test/check/no-such-listing.json");
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--json test/check/no-such-listing.json: ENOENT");
  });
});

describe("toolwright check --mcp-url", () => {
  let http: HttpServer;
  let url: string;
  const TOKEN = "Bearer s3cret";

  beforeAll(async () => {
    http = createServer(async (req, res) => {
      if (req.headers.authorization !== TOKEN) {
        res.writeHead(401, { "content-type": "application/json" }).end('{"error":"unauthorized"}');
        return;
      }
      const server = new Server(
        { name: "http-fixture", version: "1.0.0" },
        { capabilities: { tools: {} } },
      );
      server.setRequestHandler(ListToolsRequestSchema, async () => ({
        tools: [
          {
            name: "bounded",
            inputSchema: { type: "object", properties: { n: { type: "number", maximum: 9 } } },
          },
          { name: "bad name", inputSchema: { type: "object", properties: {} } },
        ],
      }));
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      res.on("close", () => {
        transport.close();
        server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res);
    });
    await new Promise<void>((ready) => http.listen(0, "127.0.0.1", ready));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  });
  afterAll(() => new Promise<void>((done) => http.close(() => done())));

  it("lints the listing over Streamable HTTP, with --header for the token", async () => {
    const result = await runCliAsync(
      "check",
      "--mcp-url",
      url,
      "--header",
      `Authorization: ${TOKEN}`,
      "--target",
      "anthropic-strict",
    );
    expect(result.stderr).toBe("");
    expect(result.status).toBe(1);
    expect(result.lines.map((line) => line.replace(/ — .*/, ""))).toEqual([
      `${url}: http-fixture / bounded.parameters: [numeric-bound] error $.n`,
      `${url}: http-fixture / bad name: [invalid-tool-name] error $`,
      "toolwright check: 2 schemas under anthropic-strict: 2 errors, 0 warnings",
    ]);
  });

  it("without the token the server's refusal is a load error", async () => {
    const result = await runCliAsync("check", "--mcp-url", url);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(
        `^toolwright check: ${url}: failed while listing its tools: HTTP 401: .*unauthorized`,
      ),
    );
  });

  it("a URL that is not http(s), or no URL, is a load error", () => {
    expect(runCli("check", "--mcp-url", "ftp://127.0.0.1/mcp").stderr).toContain("is a ftp: URL");
    expect(runCli("check", "--mcp-url", "not a url").stderr).toContain("is not a URL");
  });

  it("refuses a --header without a colon, or without --mcp-url", () => {
    expect(runCli("check", "--mcp-url", url, "--header", "Authorization").stderr).toContain(
      "--header expects 'Name: value', got 'Authorization'",
    );
    expect(runCli("check", "--mcp", fake("clean"), "--header", "A: b").stderr).toContain(
      "--header is sent to --mcp-url servers",
    );
  });
});
