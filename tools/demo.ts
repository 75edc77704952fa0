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
import { lintModelFacingSchema, toolSet } from "toolwright";
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

async function main(): Promise<void> {
  out("toolwright demo: the example capabilities, linted and served over MCP");
  out();

  out(`1. build: agent '${exampleAgent.name}'`);
  const set = toolSet(exampleAgent.capabilities);
  for (const capability of exampleAgent.capabilities) {
    const names = set.entries().filter((entry) => entry.capability === capability.name);
    out(
      `   ${capability.name}: ${names.map((entry) => `${entry.name} (${entry.kind})`).join(", ")}`,
    );
  }
  out();

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

  out("3. serve: createMcpServer over the in-memory transport; the official SDK client connects");
  const server = createMcpServer({
    name: exampleAgent.name,
    version: "0.1.0",
    capabilities: exampleAgent.capabilities,
    host: () => ({ scope: supportScope.bind({ operator: "ada" }, "enterprise") }),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "toolwright-demo", version: "0.1.0" });
  await client.connect(clientSide);
  const info = client.getServerVersion();
  out(`   connected to '${info?.name}' ${info?.version}`);
  out();

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

  const call = async (
    step: string,
    name: string,
    args: Record<string, unknown>,
    wantError: boolean,
  ) => {
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
  };
  await call("5. a success:", "list_meetings", { day: "2026-12-01" }, false);
  await call("6. an invalid call:", "list_meetings", { day: 20261201 }, true);
  await call(
    "7. a play:",
    "slug_and_span",
    { title: "Quarterly Planning!", from: "2026-11-29", to: "2026-12-01" },
    false,
  );
  await call("8. a scoped tool (ctx.host.scope per call):", "whoami", {}, false);
  await call("9. an unknown tool:", "delete_everything", {}, true);

  out("10. resources/list and resources/read (manuals)");
  const { resources } = await client.listResources();
  for (const resource of resources) {
    const read = await client.readResource({ uri: resource.uri });
    const content = read.contents[0];
    const text = content !== undefined && "text" in content ? content.text : "";
    out(`   ${resource.uri} (${resource.name}): ${json(text)}`);
  }
  expectThat(resources.length > 0, "manuals are listed as resources");

  await client.close();
  await server.close();
  out();
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
