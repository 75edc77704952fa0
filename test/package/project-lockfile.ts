/**
 * The package.json and package-lock.json of a fresh project that installs the packed
 * tarball and the peers it is tested with, cut from the repository's own lockfile.
 *
 * Why a lockfile: the test installs without network, from the npm cache `npm ci` filled.
 * `npm install <name>@<version>` cannot do that: npm 11 resolves named specs from full
 * packuments, while `npm ci` caches only the abbreviated ones (a lockfile install
 * fetches nothing else), so an offline `npm install zod@4.6.7` fails with ENOTCACHED.
 * `npm ci --offline` over a lockfile reads exactly what `npm ci` cached.
 *
 * @module
 */

/** One `packages` entry of a lockfile (v2 or v3). */
export interface LockEntry {
  readonly version?: string;
  readonly resolved?: string;
  readonly integrity?: string;
  readonly dev?: boolean;
  readonly optional?: boolean;
  readonly devOptional?: boolean;
  readonly peer?: boolean;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly peerDependenciesMeta?: Readonly<Record<string, { readonly optional?: boolean }>>;
  readonly [field: string]: unknown;
}

/** A package-lock.json, as far as this module reads it. */
export interface Lockfile {
  readonly lockfileVersion: number;
  readonly packages: Readonly<Record<string, LockEntry>>;
}

/** The fields of the packed package.json the lockfile repeats. */
export interface PackedManifest {
  readonly name: string;
  readonly version: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly peerDependenciesMeta?: Readonly<Record<string, { readonly optional?: boolean }>>;
  readonly bin?: Readonly<Record<string, string>>;
  readonly engines?: Readonly<Record<string, string>>;
}

/** The tarball `npm pack` wrote. */
export interface PackedTarball {
  /** Absolute path of the .tgz. */
  readonly file: string;
  /** Its `sha512-…` integrity, as `npm pack --json` reports it. */
  readonly integrity: string;
  readonly manifest: PackedManifest;
}

/** What to write into the fresh project before `npm ci --offline`. */
export interface ProjectFiles {
  readonly packageJson: object;
  readonly lockfile: object;
}

/**
 * The project that depends on the tarball and on every peer it declares, each peer at
 * the version the repository's lockfile holds. Every other package is the entry the
 * repository's lockfile resolves, at the same place in node_modules, so the install
 * reproduces the repository's tree for the packages the project needs.
 */
export function projectFiles(repoLock: Lockfile, tarball: PackedTarball): ProjectFiles {
  const { manifest } = tarball;
  const peers = Object.fromEntries(
    Object.keys(manifest.peerDependencies ?? {}).map((name) => [
      name,
      lockedVersion(repoLock, name),
    ]),
  );
  const dependencies = { [manifest.name]: `file:${tarball.file}`, ...peers };
  const starts = [...Object.keys(peers), ...Object.keys(manifest.dependencies ?? {})].map(
    (name) => `node_modules/${name}`,
  );
  const packages: Record<string, LockEntry> = {
    "": { name: "toolwright-package-test", dependencies },
    [`node_modules/${manifest.name}`]: {
      version: manifest.version,
      resolved: `file:${tarball.file}`,
      integrity: tarball.integrity,
      // npm ci links bins and checks peers from the lockfile, not the unpacked package.
      // (JSON.stringify leaves out a field that is undefined.)
      dependencies: manifest.dependencies,
      peerDependencies: manifest.peerDependencies,
      peerDependenciesMeta: manifest.peerDependenciesMeta,
      bin: manifest.bin,
      engines: manifest.engines,
    },
    ...closure(repoLock, starts),
  };
  return {
    packageJson: { name: "toolwright-package-test", private: true, dependencies },
    lockfile: { name: "toolwright-package-test", lockfileVersion: 3, requires: true, packages },
  };
}

function lockedVersion(lock: Lockfile, name: string): string {
  const version = lock.packages[`node_modules/${name}`]?.version;
  if (version === undefined) {
    throw new Error(`package-lock.json holds no node_modules/${name}; run npm install`);
  }
  return version;
}

/**
 * Every lockfile location reachable from `starts` through dependencies, optional
 * dependencies and peers, resolved as Node does: the nearest `node_modules/<name>` up
 * from the dependent's own location.
 */
function closure(lock: Lockfile, starts: readonly string[]): Record<string, LockEntry> {
  const found: Record<string, LockEntry> = {};
  const queue = [...starts];
  for (let location = queue.pop(); location !== undefined; location = queue.pop()) {
    if (Object.hasOwn(found, location)) continue;
    const entry = lock.packages[location];
    if (entry === undefined) throw new Error(`package-lock.json holds no ${location}`);
    found[location] = asDependency(entry);
    const names = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}),
    ];
    for (const name of names) {
      const resolved = resolveFrom(lock, location, name);
      // An optional dependency or peer the repository never installed stays out here too.
      if (resolved !== undefined) queue.push(resolved);
    }
  }
  return found;
}

/**
 * The repository's entry as a dependency of the fresh project: its dev and peer flags
 * dropped (everything here is a production dependency), optional kept so that npm skips
 * the platform packages (`@esbuild/<platform>`) this machine cannot use.
 */
function asDependency(entry: LockEntry): LockEntry {
  const { dev: _dev, devOptional, peer: _peer, optional, ...rest } = entry;
  return optional === true || devOptional === true ? { ...rest, optional: true } : rest;
}

function resolveFrom(lock: Lockfile, location: string, name: string): string | undefined {
  for (let base = location; ; ) {
    const candidate = `${base === "" ? "" : `${base}/`}node_modules/${name}`;
    if (Object.hasOwn(lock.packages, candidate)) return candidate;
    if (base === "") return undefined;
    const parent = base.lastIndexOf("/node_modules/");
    base = parent === -1 ? "" : base.slice(0, parent);
  }
}
