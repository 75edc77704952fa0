/**
 * The packed package, installed as a user installs it: `npm pack` the built dist/, then
 * `npm ci --offline` it into a fresh project in the temporary directory, beside the
 * peers it is tested with. No network: everything comes from the npm cache that the
 * repository's own `npm ci` filled (see project-lockfile.ts for why through a lockfile).
 *
 * The probes (probes/*.mjs, probes/*.cjs) are copied into the project and run there by
 * plain `node`, so `toolwright` resolves as it does for a user: through node_modules and
 * the package's "exports", never through the repository's aliases.
 *
 * @module
 */
import { execFile } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type Lockfile,
  type PackedManifest,
  type ProjectDependencies,
  projectFiles,
} from "./project-lockfile";

/** The repository root. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PROBES = fileURLToPath(new URL("probes", import.meta.url));

/** How a child process ended and what it printed. */
export interface ChildRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The package as `npm pack` left it and as `npm ci` installed it. */
export interface InstalledPackage {
  /** The fresh project the package is installed in (a realpath). */
  readonly project: string;
  /** `<project>/node_modules/toolwright`. */
  readonly packageDir: string;
  /** The tarball `npm pack` wrote (in the temporary directory). */
  readonly tarball: string;
  /** Every path in the tarball, relative to the package root (`dist/index.js`). */
  readonly tarballFiles: readonly string[];
  /** The package.json inside the tarball. */
  readonly manifest: PackedManifest & { readonly [field: string]: unknown };
  /** Runs `node <probe> ...args` in the project and parses the JSON it prints. */
  probe(probe: string, args?: readonly string[]): Promise<unknown>;
  /** Runs a command in the project, or in `cwd` relative to it, with `env` added to its environment. */
  run(
    command: string,
    args: readonly string[],
    cwd?: string,
    env?: Readonly<Record<string, string>>,
  ): Promise<ChildRun>;
  /** Removes the temporary directory, tarball included. */
  remove(): void;
}

/** What to install and write beside the probes. */
export interface InstallOptions {
  /** What to install beside the tarball (default: every peer it declares). */
  readonly dependencies?: ProjectDependencies;
  /** Files to write into the project, by path relative to it. */
  readonly files?: Readonly<Record<string, string>>;
  /** More flags for `npm ci`, e.g. `--legacy-peer-deps` to install beside an unsupported peer. */
  readonly npmFlags?: readonly string[];
}

/** What `npm pack --json` reports of one package. */
interface PackReport {
  readonly filename: string;
  readonly integrity: string;
  readonly files: readonly { readonly path: string }[];
}

/**
 * Packs dist/ (built by `npm run build` before the tests) and installs the tarball in a
 * fresh project. The caller removes it with {@link InstalledPackage.remove}.
 */
export async function installPackage(options: InstallOptions = {}): Promise<InstalledPackage> {
  if (!existsSync(join(ROOT, "dist", "index.js"))) {
    throw new Error("dist/ is missing: run npm run build before the package test (npm test does)");
  }
  const temp = realpathSync(mkdtempSync(join(tmpdir(), "toolwright-package-")));
  try {
    return await installInto(temp, options);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
}

async function installInto(temp: string, options: InstallOptions): Promise<InstalledPackage> {
  // --ignore-scripts: the test packs what the build left; it never builds.
  const pack = await succeed(
    "npm",
    ["pack", "--json", "--ignore-scripts", "--pack-destination", temp],
    ROOT,
  );
  const [report] = JSON.parse(pack.stdout) as PackReport[];
  if (report === undefined) throw new Error(`npm pack reported no package:\n${pack.stdout}`);
  const file = join(temp, report.filename);
  const manifest = JSON.parse(
    readFileSync(join(ROOT, "package.json"), "utf8"),
  ) as InstalledPackage["manifest"];
  const repoLock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as Lockfile;
  const files = projectFiles(
    repoLock,
    { file, integrity: report.integrity, manifest },
    options.dependencies,
  );

  const project = join(temp, "project");
  cpSync(PROBES, project, { recursive: true });
  for (const [path, text] of Object.entries(options.files ?? {})) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), text);
  }
  writeFileSync(join(project, "package.json"), `${JSON.stringify(files.packageJson, null, 2)}\n`);
  writeFileSync(join(project, "package-lock.json"), `${JSON.stringify(files.lockfile, null, 2)}\n`);
  // --ignore-scripts: no install script of a dependency runs; the package has none.
  await succeed(
    "npm",
    [
      "ci",
      "--offline",
      "--ignore-scripts",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      ...(options.npmFlags ?? []),
    ],
    project,
  ).catch((error: unknown) => {
    throw new Error(
      "npm ci --offline failed; if npm reports ENOTCACHED, the npm cache lacks a package " +
        `the test installs: run npm ci in the repository to fill it.\n${error instanceof Error ? error.message : String(error)}`,
    );
  });

  const packageDir = join(project, "node_modules", manifest.name);
  return {
    project,
    packageDir,
    tarball: file,
    tarballFiles: report.files.map((entry) => entry.path).sort(),
    manifest: JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")),
    async probe(probe, args = []) {
      const result = await succeed(process.execPath, [probe, ...args], project);
      try {
        return JSON.parse(result.stdout);
      } catch {
        throw new Error(`${probe} printed no JSON:\n${result.stdout}\n${result.stderr}`);
      }
    },
    run: (command, args, cwd = ".", env = {}) => run(command, args, join(project, cwd), env),
    remove: () => rmSync(temp, { recursive: true, force: true }),
  };
}

/** Runs a command and rejects, with everything it printed, unless it exits 0. */
async function succeed(command: string, args: readonly string[], cwd: string): Promise<ChildRun> {
  const result = await run(command, args, cwd);
  if (result.code !== 0) {
    throw new Error(
      `${command} ${args.join(" ")} exited ${result.code} in ${cwd}\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result;
}

function run(
  command: string,
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string>> = {},
): Promise<ChildRun> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      {
        cwd,
        env: { ...childEnv(), ...env },
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
        timeout: 180_000,
      },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : null;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/**
 * The environment of every child: the test's own, without what `npm test` adds for its
 * scripts (`npm_config_local_prefix` would point a child npm back at the repository)
 * except where npm keeps its cache and config, and without NODE_OPTIONS, so no loader
 * of the test runner reaches a probe.
 */
function childEnv(): NodeJS.ProcessEnv {
  const keep = new Set(["npm_config_cache", "npm_config_userconfig", "npm_config_globalconfig"]);
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) =>
        key !== "NODE_OPTIONS" &&
        (!key.toLowerCase().startsWith("npm_") || keep.has(key.toLowerCase())),
    ),
  );
}
