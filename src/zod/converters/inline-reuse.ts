/**
 * Zod 3 reuse inlined. zod-to-json-schema (`$refStrategy: "root"`) writes a schema object it
 * meets again as `{ "$ref": "#/properties/<first path>" }`, whether the second meeting is reuse
 * (`z.object({ from: day, to: day })`) or recursion (`z.lazy`). A reference to a property path
 * is one that Gemini's legacy `parameters` cannot carry and OpenAI strict cannot resolve, so
 * reuse is written out in place, as Zod 4 does; only a reference back to a node the copy sits
 * inside (recursion) stays a `$ref`, then pointing at that node where it is written. Strategies
 * `"none"`/`"seen"` of the converter itself would turn recursion into `{}`.
 *
 * @module
 */

type Json = Record<string, unknown>;

// Keywords whose values are data, not schemas: a `$ref` key inside them is not a reference.
const DATA = new Set(["enum", "const", "default", "examples", "example"]);

/**
 * `root` (zod-to-json-schema output with `$refStrategy: "root"`) with every `$ref` that is not
 * recursion replaced by a copy of its target. Returns a new document; `root` is not changed.
 */
export function inlineReuse(root: Json): Json {
  const nodes = new Map<string, unknown>();
  index(root, "#", nodes);
  if (![...nodes.values()].some(hasRef)) return root;
  return expand(root, "#", "#", { nodes, chain: new Map() }) as Json;
}

interface Expansion {
  /** Every node of the original, by the path zod-to-json-schema writes (`#/properties/a`). */
  readonly nodes: ReadonlyMap<string, unknown>;
  /** The original paths of the nodes being expanded, outermost first → where each is written. */
  readonly chain: Map<string, string>;
}

// Paths are joined as zod-to-json-schema joins them: raw keys, `/` between.
function index(node: unknown, path: string, nodes: Map<string, unknown>): void {
  nodes.set(path, node);
  for (const [key, child] of childrenOf(node)) index(child, `${path}/${key}`, nodes);
}

function expand(node: unknown, from: string, to: string, expansion: Expansion): unknown {
  if (typeof node !== "object" || node === null) return node;
  const ref = (node as Json).$ref;
  if (typeof ref === "string") return expandRef(node as Json, ref, to, expansion);
  expansion.chain.set(from, to);
  try {
    if (Array.isArray(node))
      return node.map((item, i) => expand(item, `${from}/${i}`, `${to}/${i}`, expansion));
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      out[key] = DATA.has(key) ? value : expand(value, `${from}/${key}`, `${to}/${key}`, expansion);
    }
    return out;
  } finally {
    expansion.chain.delete(from);
  }
}

// Recursion: the target is a node this one sits inside, written at `chain.get(ref)`. Reuse:
// the target written out here, its siblings (a description) kept over it.
function expandRef(node: Json, ref: string, to: string, expansion: Expansion): unknown {
  const { $ref: _ref, ...siblings } = node;
  const written = expansion.chain.get(ref);
  if (written !== undefined) return { ...siblings, $ref: written };
  const target = expansion.nodes.get(ref);
  if (target === undefined || typeof target !== "object" || target === null) return node;
  const copy = expand(target, ref, to, expansion);
  return Object.keys(siblings).length === 0 ? copy : { ...(copy as Json), ...siblings };
}

function childrenOf(node: unknown): [string, unknown][] {
  if (typeof node !== "object" || node === null) return [];
  if (Array.isArray(node)) return node.map((item, i) => [String(i), item]);
  return Object.entries(node).filter(([key]) => !DATA.has(key));
}

function hasRef(node: unknown): boolean {
  return typeof node === "object" && node !== null && typeof (node as Json).$ref === "string";
}
