/**
 * Listeners a lower module tells of its events, keyed by subscriber (or, for executors, by what
 * they handle). Features subscribe at every app start-up in the same process (tests build many apps
 * without module isolation): the same key again replaces its listener rather than adding a second.
 */
export function listenerRegistry<Key, Listener extends (...args: never[]) => Promise<void>>() {
  const listeners = new Map<Key, Listener>();
  return {
    on(key: Key, listener: Listener) {
      listeners.set(key, listener);
    },
    off(key: Key) {
      listeners.delete(key);
    },
    get(key: Key): Listener | undefined {
      return listeners.get(key);
    },
    /** Tells every listener, one after the other, in the order they first subscribed. */
    async emit(...args: Parameters<Listener>) {
      for (const listener of listeners.values()) await listener(...args);
    },
  };
}
