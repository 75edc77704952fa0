// The MCP Inspector CLI (@modelcontextprotocol/inspector-cli, the Inspector's `--cli`
// mode) against toolwright over both transports: listenMcpHttp in this process over
// Streamable HTTP, and serveStdio in inspector/stdio-server.ts, which the Inspector spawns.
// For each it lists the tools and calls `add_note` with valid and with invalid arguments,
// as a user checking a server by hand would; all on 127.0.0.1.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { listenMcpHttp } from "toolwright/mcp";
import { ADD_NOTE_PARAMETERS, installedVersion, notesCapability, report } from "./fixtures.ts";

const LEG = fileURLToPath(new URL("..", import.meta.url));
const CLI_PACKAGE = join(LEG, "node_modules", "@modelcontextprotocol", "inspector-cli");
const CLI = join(CLI_PACKAGE, "build", "cli.js");
const STDIO_SERVER = join(LEG, "inspector", "stdio-server.ts");

interface Tool {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: Record<string, unknown>;
}

interface CallResult {
  readonly content: readonly { type: string; text?: string }[];
  readonly structuredContent?: Record<string, unknown>;
  readonly isError?: boolean;
}

/**
 * Runs `mcp-inspector-cli --cli <target...> <args...>` and parses the JSON it prints. The
 * bin re-spawns its CLI as `node` from PATH, so Node 22's directory leads PATH; and the
 * CLI finds its own package.json as `../package.json` from the working directory, so it
 * runs in its build/ directory.
 */
function inspect(target: readonly string[], args: readonly string[]): Promise<unknown> {
  const path = [dirname(process.execPath), process.env.PATH].join(delimiter);
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [CLI, "--cli", ...target, ...args],
      {
        cwd: join(CLI_PACKAGE, "build"),
        env: { ...process.env, PATH: path },
        encoding: "utf8",
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        if (error !== null) {
          const how = error.killed ? "timed out (60 s)" : "failed";
          reject(new Error(`the Inspector CLI ${how}: ${args.join(" ")}\n${stdout}\n${stderr}`));
        } else resolve(JSON.parse(stdout));
      },
    );
  });
}

/** Lists and calls over one transport; returns what the probe reports of it. */
async function check(target: readonly string[]): Promise<{ tools: string[]; calls: boolean[] }> {
  const { tools } = (await inspect(target, ["--method", "tools/list"])) as { tools: Tool[] };
  const addNote = tools.find((tool) => tool.name === "add_note");
  assert.equal(addNote?.description, "Add a note");
  assert.deepEqual(
    { ...addNote?.inputSchema, $schema: undefined },
    { ...ADD_NOTE_PARAMETERS, $schema: undefined },
  );
  const call = (arg: string) =>
    inspect(target, ["--method", "tools/call", "--tool-name", "add_note", "--tool-arg", arg]);
  const added = (await call("text=hello")) as CallResult;
  assert.equal(added.isError ?? false, false);
  assert.deepEqual(added.structuredContent, { id: 1, count: 1 });
  assert.deepEqual(added.content, [{ type: "text", text: JSON.stringify({ id: 1, count: 1 }) }]);
  // The CLI parses `42` as JSON: a number where add_note asks for a string.
  const refused = (await call("text=42")) as CallResult;
  assert.equal(refused.isError, true);
  assert.equal(refused.structuredContent, undefined);
  assert.match(refused.content[0]?.text ?? "", /^tool .add_note. received invalid arguments/);
  return {
    tools: tools.map((tool) => tool.name),
    calls: [added, refused].map((result) => result.isError ?? false),
  };
}

assert.match(process.version, /^v22\./, `the probe runs under ${process.version}, not Node 22`);
const http = await listenMcpHttp({ name: "notes", version: "1.0.0", tools: [notesCapability()] });
try {
  const [overHttp, overStdio] = await Promise.all([
    check([String(http.url), "--transport", "http"]),
    check([process.execPath, STDIO_SERVER]),
  ]);
  assert.deepEqual(overStdio, overHttp);
  report({
    node: process.version,
    inspector: `@modelcontextprotocol/inspector-cli@${installedVersion("@modelcontextprotocol/inspector-cli")}`,
    http: overHttp,
    stdio: overStdio,
  });
} finally {
  await http.close();
}
