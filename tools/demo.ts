/**
 * `npm run demo`: the README's first command after `npm ci`. Builds the example
 * capabilities, lints every schema a model would see, serves them over MCP (in-memory
 * transport), connects the official SDK client, lists the tools and calls them: a
 * success, an invalid call, a play, a scoped tool and a manual. Prints the transcript;
 * exits 1 when anything does not behave as shown.
 *
 * Run: npm run demo   (or: npx tsx tools/demo.ts)
 *
 * @module
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { lintModelFacingSchema, type ToolSet, toolSet } from "toolwright";
import { createMcpServer } from "toolwright/mcp";
import { exampleAgent, supportScope } from "../examples/index";

const out = (line = ""): void => {
  process.stdout.write(`${line}\n`);
};
const json = (value: unknown): string => JSON.stringify(value);
const problems: string[] = [];
const expectThat = (ok: boolean, what: string): void => {
  if (!ok) problems.push(what);
};

/** One `tools/call` of the transcript and whether it should come back as an error. */
interface DemoCall {
  readonly step: string;
  readonly name: string;
  readonly args: Record<string, unknown>;
  readonly wantError: boolean;
}

const CALLS: readonly DemoCall[] = [
  { step: "5. a success:", name: "list_meetings", args: { day: "2026-12-01" }, wantError: false },
  { step: "6. an invalid call:", name: "list_meetings", args: { day: 20261201 }, wantError: true },
  {
    step: "7. a play:",
    name: "slug_and_span",
    args: { title: "Quarterly Planning!", from: "2026-11-29", to: "2026-12-01" },
    wantError: false,
  },
  {
    step: "8. a scoped tool (ctx.host.scope per call):",
    name: "whoami",
    args: {},
    wantError: false,
  },
  { step: "9. an unknown tool:", name: "delete_everything", args: {}, wantError: true },
];

async function main(): Promise<void> {
  out("toolwright demo: the example capabilities, linted and served over MCP");
  out();
  const set = build();
  const findings = lint(set);
  const { client, server } = await serve();
  await listTools(client, set);
  for (const call of CALLS) await callTool(client, call);
  await readManuals(client);
  await client.close();
  await server.close();
  out();
  finish(findings);
}

function build(): ToolSet {
  out(`1. build: agent '${exampleAgent.name}'`);
  const set = toolSet(exampleAgent.capabilities);
  for (const capability of exampleAgent.capabilities) {
    const names = set.entries().filter((entry) => entry.capability === capability.name);
    out(
      `   ${capability.name}: ${names.map((entry) => `${entry.name} (${entry.kind})`).join(", ")}`,
    );
  }
  out();
  return set;
}

/** Lints every schema of `set`, prints the findings, and returns them. */
function lint(set: ToolSet): string[] {
  out("2. lint: every parameters and returns schema, dialect gemini-bifrost, requireDescribe");
  let checked = 0;
  const findings: string[] = [];
  for (const entry of set.entries()) {
    for (const [role, schema] of [
      ["parameters", entry.parameters],
      ["returns", entry.returns],
    ] as const) {
      if (schema === undefined) continue;
      checked += 1;
      for (const finding of lintModelFacingSchema(schema, { requireDescribe: true })) {
        findings.push(
          `${entry.capability}/${entry.name} ${role} ${finding.path} [${finding.code}] ${finding.message}`,
        );
      }
    }
  }
  for (const finding of findings) out(`   ${finding}`);
  out(`   ${checked} schemas, ${findings.length} findings`);
  out();
  return findings;
}

async function serve(): Promise<{ client: Client; server: ReturnType<typeof createMcpServer> }> {
  out("3. serve: createMcpServer over the in-memory transport; the official SDK client connects");
  const server = createMcpServer({
    name: exampleAgent.name,
    version: "0.1.0",
    tools: exampleAgent.capabilities,
    host: () => ({ scope: supportScope.bind({ operator: "ada" }, "enterprise") }),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "toolwright-demo", version: "0.1.0" });
  await client.connect(clientSide);
  const info = client.getServerVersion();
  out(`   connected to '${info?.name}' ${info?.version}`);
  out();
  return { client, server };
}

async function listTools(client: Client, set: ToolSet): Promise<void> {
  out("4. tools/list");
  const { tools } = await client.listTools();
  for (const tool of tools) {
    const hints = Object.entries(tool.annotations ?? {})
      .filter(([key]) => key.endsWith("Hint"))
      .map(([key, value]) => `${key}=${value}`);
    const output = tool.outputSchema === undefined ? "" : ", outputSchema";
    out(
      `   ${tool.name}: ${tool.description} [inputSchema${output}${hints.length > 0 ? `, ${hints.join(", ")}` : ""}]`,
    );
  }
  expectThat(tools.length === set.names.length, "tools/list lists every tool");
  out();
}

async function callTool(client: Client, { step, name, args, wantError }: DemoCall): Promise<void> {
  out(`${step} tools/call ${name} ${json(args)}`);
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const first = result.content[0];
  const text = first?.type === "text" ? first.text : json(result.content);
  if (result.isError === true) out(`   isError: ${text}`);
  else out(`   structuredContent: ${json(result.structuredContent ?? text)}`);
  expectThat(
    (result.isError === true) === wantError,
    `${name} ${wantError ? "fails" : "succeeds"}`,
  );
  out();
}

async function readManuals(client: Client): Promise<void> {
  out("10. resources/list and resources/read (manuals)");
  const { resources } = await client.listResources();
  for (const resource of resources) {
    const read = await client.readResource({ uri: resource.uri });
    const content = read.contents[0];
    const text = content !== undefined && "text" in content ? content.text : "";
    out(`   ${resource.uri} (${resource.name}): ${json(text)}`);
  }
  expectThat(resources.length > 0, "manuals are listed as resources");
}

/** Prints the verdict; lint findings and every unexpected result fail the demo. */
function finish(findings: readonly string[]): void {
  if (findings.length > 0) problems.push(`${findings.length} lint findings`);
  if (problems.length > 0) {
    out(`demo: FAILED: ${problems.join("; ")}`);
    process.exitCode = 1;
  } else {
    out("demo: ok");
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
