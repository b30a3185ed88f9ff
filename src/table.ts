// Lookup tables keyed by text from the command line or a hook event. A plain object literal answers
// `constructor`, `toString` and `__proto__` from Object.prototype; a table made here answers only its own keys.

/** A frozen, prototype-less copy of `entries`: a key it does not hold reads as undefined. */
export function table<T>(entries: Record<string, T>): Readonly<Partial<Record<string, T>>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}
