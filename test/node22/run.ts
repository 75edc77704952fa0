/**
 * The Node 22 leg: the adapters, as a user installs the package, under Node 22 and
 * against the newest SDK majors (test/node22/package.json pins them and the `node@22`
 * package, whose bin is that project's `node`; the repository's own scripts keep the
 * machine's Node 20). `npm ci --prefix test/node22` installs it (.ci/run does); this
 * script, run by `npm run test:node22`, needs no network:
 *
 * 1. packs dist/ (`npm run build` first) and unpacks the tarball as
 *    test/node22/node_modules/toolwright, beside the pinned SDKs and the package's own
 *    dependencies, so `toolwright/*` resolves through the package's "exports";
 * 2. type-checks probes/ with tsc under nodenext against the SDKs' own declarations;
 * 3. runs each probe (probes/*.ts, Node 22 strips their types) with Node 22; each
 *    asserts its results and prints one JSON line, which this script shows.
 *
 * @module
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const LEG = fileURLToPath(new URL(".", import.meta.url));
const ROOT = join(LEG, "..", "..");
const NODE22 = join(LEG, "node_modules", ".bin", "node");
const TSC = join(ROOT, "node_modules", "typescript", "bin", "tsc");
const INSTALL = "npm ci --prefix test/node22";

interface Manifest {
  readonly dependencies?: Readonly<Record<string, string>>;
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, "utf8")) as T;
}

/** Runs a command; rejects with everything it printed unless it exits 0. */
function run(command: string, args: readonly string[], cwd: string): Promise<string> {
  // Without NODE_OPTIONS and npm's script variables: nothing of the caller's runtime
  // (tsx's loader, npm's prefix) reaches Node 22 or the child npm.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => key !== "NODE_OPTIONS" && !key.toLowerCase().startsWith("npm_"),
    ),
  );
  return new Promise((resolve, reject) => {
    // Type-checking the probes alone takes about 30 s on a busy 2-core machine.
    execFile(command, args, { cwd, env, encoding: "utf8", timeout: 240_000 }, (error, out, err) => {
      if (error === null) resolve(out);
      else {
        const how = error.killed ? "timed out (240 s)" : "failed";
        reject(new Error(`${command} ${args.join(" ")} ${how} in ${cwd}\n${out}\n${err}`));
      }
    });
  });
}

/** The version a pin names: `1.2.3`, or an alias's (`npm:@scope/name@1.2.3`). */
function versionOf(pin: string): string {
  return pin.startsWith("npm:") ? pin.slice(pin.lastIndexOf("@") + 1) : pin;
}

/** The pinned installs are present and current, and cover the package's own dependencies. */
function checkInstall(): void {
  if (!existsSync(join(LEG, "node_modules"))) {
    throw new Error(`test/node22/node_modules is missing: run ${INSTALL} (.ci/run does)`);
  }
  const pins = readJson<Manifest>(join(LEG, "package.json")).dependencies ?? {};
  const stale = Object.entries(pins).filter(([name, pin]) => {
    const installed = join(LEG, "node_modules", name, "package.json");
    return (
      !existsSync(installed) || readJson<{ version: string }>(installed).version !== versionOf(pin)
    );
  });
  if (!existsSync(NODE22) || stale.length > 0) {
    const what = stale.map(([name, version]) => `${name}@${version}`).join(", ");
    throw new Error(`test/node22 is not installed (${what || "node"}): run ${INSTALL}`);
  }
  const repoLock = readJson<{ packages: Record<string, { version?: string }> }>(
    join(ROOT, "package-lock.json"),
  );
  const own = Object.keys(readJson<Manifest>(join(ROOT, "package.json")).dependencies ?? {});
  for (const name of own) {
    const locked = repoLock.packages[`node_modules/${name}`]?.version;
    if (pins[name] !== locked) {
      throw new Error(
        `test/node22/package.json pins ${name}@${pins[name]}, the package's lock ${locked}: ` +
          `pin ${name}@${locked} there and run npm install --prefix test/node22`,
      );
    }
  }
}

/** `npm pack`s dist/ and unpacks it as test/node22/node_modules/toolwright. */
async function installTarball(): Promise<void> {
  if (!existsSync(join(ROOT, "dist", "index.js"))) {
    throw new Error("dist/ is missing: run npm run build first (npm test does)");
  }
  const temp = mkdtempSync(join(tmpdir(), "toolwright-node22-"));
  try {
    const packed = await run(
      "npm",
      ["pack", "--json", "--ignore-scripts", "--pack-destination", temp],
      ROOT,
    );
    const [report] = JSON.parse(packed) as { filename: string }[];
    if (report === undefined) throw new Error(`npm pack reported no package:\n${packed}`);
    const target = join(LEG, "node_modules", "toolwright");
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target);
    await run(
      "tar",
      ["-xzf", join(temp, report.filename), "--strip-components=1", "-C", target],
      LEG,
    );
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  checkInstall();
  await installTarball();
  await run(process.execPath, [TSC, "-p", join(LEG, "tsconfig.json")], LEG);
  console.log(
    `node22 leg: ${await run(NODE22, ["--version"], LEG).then((v) => v.trim())}; probes type-check`,
  );
  const probes = readdirSync(join(LEG, "probes")).filter((name) => name !== "fixtures.ts");
  const reports = await Promise.all(
    probes.map((probe) =>
      run(NODE22, [join("probes", probe)], LEG).then((out) => [probe, out.trim()]),
    ),
  );
  for (const [probe, out] of reports) console.log(`  ${probe}: ${out}`);
  console.log(`node22 leg: ${probes.length} probes passed in ${Date.now() - started} ms`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
