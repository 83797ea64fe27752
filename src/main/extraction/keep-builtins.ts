/**
 * Puts back the language's own functions that a library replaced while it loaded, and keeps what
 * it added. PDF.js's legacy build (the one for Node) carries core-js, which on Node 20 replaces
 * `Array.prototype.push` (for array-likes longer than 2^32), `JSON.parse` and `JSON.stringify` (for
 * `JSON.rawJSON`) and `Function.prototype.toString` with its own JavaScript, for the whole thread.
 * In an extraction worker every `push` of every reader then ran through the replacement: on the
 * 100-page PDF of the bench, `push` and the `length` setter it calls were about a sixth of the
 * worker's time, and `JSON.stringify` ran 5x slower (issue 27). What core-js adds where Node lacks
 * it (`Promise.withResolvers`, the new `Set` methods, iterator helpers…) is what PDF.js needs, and
 * stays. Node's own globals (`globalThis`) are not touched.
 */

/** The built-ins whose own properties are kept: constructors, namespaces and prototypes. */
function builtins(): object[] {
  const typedArray = Object.getPrototypeOf(Uint8Array) as object;
  const iterator = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())) as object;
  const list: object[] = [JSON, Math, Reflect, typedArray, (typedArray as { prototype: object }).prototype, iterator];
  for (const ctor of [Array, Object, Function, String, Number, Boolean, Symbol, Promise, Map, Set, WeakMap, WeakSet, RegExp, Date, Error, ArrayBuffer, DataView, Uint8Array]) list.push(ctor, ctor.prototype);
  return list;
}

/** Runs `load`, then restores every own property of the built-ins that existed before it and was changed. */
export async function keepingBuiltins<T>(load: () => Promise<T>): Promise<T> {
  const saved = builtins().map((target) => ({ target, own: Object.getOwnPropertyDescriptors(target) }));
  try {
    return await load();
  } finally {
    for (const { target, own } of saved) {
      for (const key of Reflect.ownKeys(own)) {
        const before = own[key as keyof typeof own] as PropertyDescriptor;
        const now = Object.getOwnPropertyDescriptor(target, key);
        if (now && now.value === before.value && now.get === before.get && now.set === before.set) continue;
        if (before.configurable || now === undefined) Object.defineProperty(target, key, before);
      }
    }
  }
}
