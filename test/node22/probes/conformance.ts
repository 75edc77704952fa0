// The official MCP conformance suite (@modelcontextprotocol/conformance, its runner needs
// Node 22) against listenMcpHttp serving conformance/server.ts: every server scenario of
// the suite (`--suite all`: its pending ones too, json-schema-2020-12 among them) runs, and the suite itself checks the result against
// conformance/expected-failures.yaml, failing on a scenario that fails outside it and on
// one inside it that now passes (a stale baseline). So the baseline is exactly what
// toolwright does not do yet, and shrinks as it learns.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { serveConformance } from "../conformance/server.ts";
import { report } from "./fixtures.ts";

const LEG = fileURLToPath(new URL("..", import.meta.url));
const SUITE = join(LEG, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js");
const BASELINE = join(LEG, "conformance", "expected-failures.yaml");

const server = await serveConformance();
const output = mkdtempSync(join(tmpdir(), "toolwright-conformance-"));
try {
  const run = await new Promise<{ code: number; out: string }>((resolve) => {
    execFile(
      process.execPath,
      [
        SUITE,
        "server",
        "--url",
        String(server.url),
        "--suite",
        "all",
        "--expected-failures",
        BASELINE,
        "-o",
        output,
      ],
      { encoding: "utf8", timeout: 180_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
        resolve({ code, out: `${stdout}\n${stderr}` });
      },
    );
  });
  assert.equal(run.code, 0, `the conformance suite failed against listenMcpHttp:\n${run.out}`);
  const expected = [...run.out.matchAll(/^\s*~ (\S+)/gm)].map((match) => match[1]);
  const passed = run.out.match(/Baseline check passed/) !== null;
  assert.ok(passed, `the suite printed no baseline verdict:\n${run.out}`);
  report({ transport: "listenMcpHttp", expectedFailures: expected.length });
} finally {
  await server.close();
  rmSync(output, { recursive: true, force: true });
}
