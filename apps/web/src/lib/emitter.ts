type Listener<T> = (payload: T) => void;

/** A minimal typed emitter; `on` returns the unsubscribe function. */
export function createEmitter<Events extends Record<string, unknown>>() {
  const listeners = new Map<keyof Events, Set<Listener<never>>>();
  return {
    on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as Listener<never>);
      listeners.set(event, set);
      return () => {
        set.delete(listener as Listener<never>);
      };
    },
    emit<K extends keyof Events>(event: K, payload: Events[K]): void {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        (listener as Listener<Events[K]>)(payload);
      }
    },
  };
}
