/**
 * `toolwright check --lock` end to end (issue 25, items 1 and 2), the built CLI in a child
 * process over modules in both Zod majors: the lock written stable and path-free, its
 * fingerprint the one `set.fingerprint` gives at run time, and on drift each change
 * classified, in every output format, failing unless `--lock-allow` lets it pass.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli, ROOT, removeCli, runCli } from "./build";

beforeAll(buildCli, 120_000);
afterAll(removeCli);

const PROJECTS = mkdtempSync(join(ROOT, "test/check/.projects-lock-"));
afterAll(() => rmSync(PROJECTS, { recursive: true, force: true }));

type Version = "v1" | "required" | "optional" | "reworded";

/** The forecast tool's module, in version `version`, on `zod` or `zod/v3`. */
function weatherModule(zod: string, version: Version): string {
  const days =
    version === "required"
      ? ", days: z.number()"
      : version === "optional"
        ? ", days: z.number().optional()"
        : "";
  const description = version === "reworded" ? "The forecast for a city" : "Forecast";
  return `import { capability, defineTool, toolbox } from "toolwright";
import { z } from "${zod}";

const tools = toolbox("weather", "Weather tools", {
  forecast: defineTool({
    description: "${description}",
    parameters: z.object({ city: z.string()${days} }),
    returns: z.object({ summary: z.string() }),
    execute: () => ({ summary: "sunny" }),
  }),
});

export const weather = capability({ name: "weather", description: "Weather", toolbox: tools });
`;
}

/** A project folder (relative to ROOT) holding `tools.ts` at `version`. */
function project(name: string): { dir: string; write: (zod: string, v: Version) => void } {
  const dir = join(PROJECTS, name);
  mkdirSync(dir, { recursive: true });
  return {
    dir: relative(ROOT, dir),
    write: (zod, version) => writeFileSync(join(dir, "tools.ts"), weatherModule(zod, version)),
  };
}

describe.each(["zod", "zod/v3"])("toolwright check --lock (%s)", (zod) => {
  const { dir, write } = project(zod.replace("/", "-"));
  const lock = () => `${dir}/toolwright.lock.json`;
  const check = (...args: string[]) =>
    runCli("check", `${dir}/tools.ts`, "--target", "mcp", "--lock", lock(), ...args);

  it("refuses to check against a lock that does not exist, naming --update-lock", () => {
    write(zod, "v1");
    const result = check();
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("not found; write it with --update-lock");
  });

  it("writes a stable, path-free lock whose fingerprint set.fingerprint gives too", async () => {
    write(zod, "v1");
    const written = check("--update-lock");
    expect(written.stderr).toBe("");
    expect(written.status).toBe(0);
    const text = readFileSync(join(ROOT, lock()), "utf8");
    expect(check("--update-lock").status).toBe(0);
    expect(readFileSync(join(ROOT, lock()), "utf8")).toBe(text);
    expect(text).not.toContain(ROOT);
    expect(text).not.toContain("tools.ts");
    const parsed = JSON.parse(text);
    expect(Object.keys(parsed)).toEqual(["sets", "version"]);
    expect(parsed.version).toBe(1);
    const listing = parsed.sets.weather.mcp;
    expect(listing.order).toEqual(["forecast"]);
    expect(Object.keys(listing.tools.forecast)).toEqual([
      "description",
      "name",
      "parameters",
      "returns",
    ]);
    const { toolSet } = await import("toolwright");
    const { weather } = await import(join(ROOT, dir, "tools.ts"));
    expect(await toolSet([weather]).fingerprint("mcp")).toBe(listing.fingerprint);
    const same = check();
    expect(same.status).toBe(0);
    expect(same.lines.at(-1)).toBe(`toolwright check: lock ${lock()}: unchanged`);
  });

  it("a new required argument fails as breaking, naming the tool and the argument", () => {
    write(zod, "required");
    const result = check("--lock-allow", "compatible");
    expect(result.status).toBe(1);
    expect(result.lines).toContain(
      `${dir}/tools.ts: lock weather / mcp / forecast.parameters $: breaking — new required property 'days'`,
    );
    const github = check("--format", "github");
    expect(github.lines).toContainEqual(
      expect.stringMatching(
        /^::error file=.*tools\.ts,line=5,title=toolwright \[lock breaking\] weather \/ mcp \/ forecast\.parameters::\$ — new required property 'days'$/,
      ),
    );
    const json = JSON.parse(check("--format", "json").stdout);
    expect(json.ok).toBe(false);
    expect(json.lock.changes).toEqual([
      {
        set: "weather",
        target: "mcp",
        file: `${dir}/tools.ts`,
        line: 5,
        tool: "forecast",
        part: "parameters",
        path: "$",
        change: "breaking",
        allowed: false,
        what: "new required property 'days'",
      },
    ]);
    expect(json.lock.listings[0].bytesChanged).toBe(true);
  });

  it("a new optional argument passes with --lock-allow compatible, and only with it", () => {
    write(zod, "optional");
    expect(check().status).toBe(1);
    expect(check("--lock-allow", "cosmetic").status).toBe(1);
    const allowed = check("--lock-allow", "compatible");
    expect(allowed.status).toBe(0);
    expect(allowed.lines).toContain(
      `${dir}/tools.ts: lock weather / mcp / forecast.parameters $: compatible (allowed) — new optional property 'days'`,
    );
  });

  it("a reworded description is cosmetic and a prompt-cache change", () => {
    write(zod, "reworded");
    const result = check("--lock-allow", "cosmetic");
    expect(result.status).toBe(0);
    expect(result.lines).toContain(
      `${dir}/tools.ts: lock weather / mcp / forecast $: cosmetic (allowed) — description changed`,
    );
    expect(result.lines).toContainEqual(
      expect.stringMatching(
        /^.*tools\.ts: lock weather \/ mcp: listing bytes changed \(prompt cache\): sha256:[0-9a-f]{64} → sha256:[0-9a-f]{64}$/,
      ),
    );
    expect(check().status).toBe(1);
  });

  it("names a lock target the run does not check, and refuses a malformed lock", () => {
    write(zod, "v1");
    const other = runCli("check", `${dir}/tools.ts`, "--target", "openai", "--lock", lock());
    expect(other.status).toBe(1);
    expect(other.stdout).toContain("the lock records target 'mcp' for capability set 'weather'");
    writeFileSync(join(ROOT, lock()), JSON.stringify({ version: 2, sets: {} }));
    const bad = check();
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("has version 2; this toolwright reads version 1");
  });
});

describe("the lock's command line", () => {
  it("refuses --lock-allow or --update-lock without --lock, and an unknown class", () => {
    const without = runCli("check", "x.ts", "--update-lock");
    expect(without.status).toBe(2);
    expect(without.stderr).toContain("--lock-allow and --update-lock need --lock <file>");
    const unknown = runCli("check", "x.ts", "--lock", "l.json", "--lock-allow", "all");
    expect(unknown.stderr).toContain("unknown --lock-allow 'all'; use cosmetic or compatible");
  });
});
