// The official MCP conformance suite (@modelcontextprotocol/conformance, its runner needs
// Node 22) against listenMcpHttp serving conformance/server.ts, stateless and in session
// mode, in two versions: the pinned release (0.1.16) and the 0.2.0 alpha (the alias
// @modelcontextprotocol/conformance-alpha), whose server-sse-polling declares the
// protocol version it tests. Every server scenario of the suite (`--suite all`: its
// pending ones too, json-schema-2020-12 among them) runs against each mode; the alpha's
// run is held to --spec-version 2025-11-25, the newest revision the SDK speaks (its
// 2026-07-28 and extension scenarios ask for a protocol version the SDK refuses). The
// suite itself checks the result against that mode's baseline (conformance/
// expected-failures.yaml for stateless HTTP in both versions, expected-failures-sessions.yaml
// and expected-failures-sessions-alpha.yaml for session mode), failing on a scenario
// that fails outside it and on one inside it that now passes (a stale baseline). So each
// baseline is exactly what toolwright does not do yet in that mode, and shrinks as it
// learns. The suite tests servers by URL only: stdio is out of its reach.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { serveConformance } from "../conformance/server.ts";
import { report } from "./fixtures.ts";

const LEG = fileURLToPath(new URL("..", import.meta.url));
const suite = (name: string) =>
  join(LEG, "node_modules", "@modelcontextprotocol", name, "dist", "index.js");
const RELEASE = { path: suite("conformance"), args: [] as string[] };
const ALPHA = { path: suite("conformance-alpha"), args: ["--spec-version", "2025-11-25"] };
type Suite = typeof RELEASE;

/** Runs every server scenario against one mode; returns the entries its baseline expects to fail. */
async function conformance(
  suiteRun: Suite,
  sessions: boolean,
  baseline: string,
): Promise<string[]> {
  const server = await serveConformance(sessions);
  const output = mkdtempSync(join(tmpdir(), "toolwright-conformance-"));
  try {
    const run = await new Promise<{ code: number; out: string }>((resolve) => {
      execFile(
        process.execPath,
        [
          suiteRun.path,
          "server",
          "--url",
          String(server.url),
          "--suite",
          "all",
          ...suiteRun.args,
          "--expected-failures",
          join(LEG, "conformance", baseline),
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
    const mode = sessions ? "session mode" : "stateless";
    assert.equal(
      run.code,
      0,
      `the conformance suite failed against listenMcpHttp (${mode}):\n${run.out}`,
    );
    const passed = run.out.match(/Baseline check passed/) !== null;
    assert.ok(passed, `the suite printed no baseline verdict (${mode}):\n${run.out}`);
    return [...run.out.matchAll(/^\s*~ (\S+)/gm)].map((match) => match[1] ?? "");
  } finally {
    await server.close();
    rmSync(output, { recursive: true, force: true });
  }
}

const stateless = await conformance(RELEASE, false, "expected-failures.yaml");
const sessions = await conformance(RELEASE, true, "expected-failures-sessions.yaml");
// Session mode carries what stateless HTTP cannot: its baseline is a subset, and smaller.
assert.ok(
  sessions.every((scenario) => stateless.includes(scenario)),
  `${sessions} ⊄ ${stateless}`,
);
assert.ok(sessions.length < stateless.length, "session mode passes what needs a session");
const alphaStateless = await conformance(ALPHA, false, "expected-failures.yaml");
const alphaSessions = await conformance(ALPHA, true, "expected-failures-sessions-alpha.yaml");
assert.deepEqual(alphaStateless, stateless, "stateless HTTP fails the same scenarios in both");
// In the alpha, server-sse-polling passes in session mode: every scenario does.
assert.deepEqual(alphaSessions, []);
report({
  transport: "listenMcpHttp",
  expectedFailures: {
    stateless: stateless.length,
    sessions: sessions.length,
    alpha: { stateless: alphaStateless.length, sessions: alphaSessions },
  },
});
