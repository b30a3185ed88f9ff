// Loads a thing once per key; a failed load is forgotten so that a later call can retry.

export function loadOnce<K, V>(ready: Map<K, V>, pending: Map<K, Promise<V>>, key: K, load: () => Promise<V>): Promise<V> {
  const done = ready.get(key);
  if (done) return Promise.resolve(done);
  let p = pending.get(key);
  if (!p) {
    p = load().then(
      (value) => {
        ready.set(key, value);
        pending.delete(key);
        return value;
      },
      (err: unknown) => {
        pending.delete(key);
        throw err;
      },
    );
    pending.set(key, p);
  }
  return p;
}
