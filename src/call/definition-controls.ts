/**
 * The controls a definition runs under where no set adds its own (`Toolbox.execute`,
 * `Playbook.execute`): a factory's, resolved where it was written; a hand-written
 * definition's, checked and resolved on its first call, once.
 *
 * @module
 */
import type { CallableKind } from "../core/errors";
import { type FactoryExecute, planOf } from "../core/factory-execute";
import type { ToolExecutionContext } from "../core/tool-definition";
import { parametersSchema } from "../zod/raw-shape";
import type { Callable } from "./call";
import { checkControlPlacement, checkControls, type Resolved, resolveControls } from "./controls";

const resolvedBy: Record<CallableKind, WeakMap<object, Resolved>> = {
  tool: new WeakMap(),
  play: new WeakMap(),
};

/**
 * `callable`'s resolved controls. The container (`"toolbox"`, `containerName`) and `name`
 * name it in the `TypeError` a control of the wrong type throws (`toolbox 'billing': tool
 * 'refund'`); they are strings already held, so a call allocates nothing to pass them.
 */
export function definitionControls(
  callable: Callable,
  plan: FactoryExecute | undefined,
  kind: CallableKind,
  container: "toolbox" | "playbook",
  containerName: string,
  name: string,
): Resolved {
  // A factory's, unless the definition was copied with other controls.
  if (plan !== undefined && plan.declared === callable.controls) return plan.resolved;
  const cache = resolvedBy[kind];
  let resolved = cache.get(callable);
  if (resolved === undefined) {
    const label = `${container} '${containerName}': ${kind} '${name}'`;
    checkControlPlacement(callable, label);
    const parameters = parametersSchema(callable.parameters);
    resolved = resolveControls(kind, label, parameters, checkControls(callable.controls, label));
    cache.set(callable, resolved);
  }
  return resolved;
}

/**
 * The names of `callables` the caller of `ctx` may see, sorted: what a container's
 * unknown-name error lists. One whose controls cannot be resolved is left out, as its
 * calls fail.
 */
export function visibleNames(
  callables: Readonly<Record<string, Callable>>,
  kind: CallableKind,
  container: "toolbox" | "playbook",
  containerName: string,
  ctx: ToolExecutionContext | undefined,
): string[] {
  return Object.keys(callables)
    .filter((name) => {
      const callable = callables[name] as Callable;
      try {
        const { controls } = definitionControls(
          callable,
          planOf(callable),
          kind,
          container,
          containerName,
          name,
        );
        return controls?.hiddenBecause?.(ctx) === undefined;
      } catch {
        return false;
      }
    })
    .sort();
}
