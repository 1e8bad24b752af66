type Tail<A extends readonly unknown[]> = A extends readonly [unknown, ...infer R] ? R : never;

// The functions of a service are as varied as their arguments: `any` lets each keep its own.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type UseCase<D> = (deps: D, ...args: any[]) => unknown;

/** The use cases of a service with its deps bound: what the service's callers see. */
type BoundUseCases<D, T extends Record<string, UseCase<D>>> = {
  [K in keyof T]: (...args: Tail<Parameters<T[K]>>) => ReturnType<T[K]>;
};

/**
 * A service from its use cases, each a top-level function whose first parameter is the service's
 * deps: `bindUseCases(deps, { list, get, create })` gives `{ list(actor, query), get(actor, id), … }`.
 */
export function bindUseCases<D, T extends Record<string, UseCase<D>>>(
  deps: D,
  useCases: T,
): BoundUseCases<D, T> {
  const bound: Record<string, unknown> = {};
  for (const [name, useCase] of Object.entries(useCases))
    bound[name] = (...args: unknown[]) => useCase(deps, ...args);
  return bound as BoundUseCases<D, T>;
}
