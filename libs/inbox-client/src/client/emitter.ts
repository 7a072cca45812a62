/** A typed event emitter; a listener that throws is reported without stopping the others. */
export class Emitter<E> {
  private readonly listeners = new Map<keyof E, Set<(value: never) => void>>();

  on<K extends keyof E>(type: K, listener: (value: E[K]) => void): () => void {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(listener);
    return () => void set.delete(listener);
  }

  emit<K extends keyof E>(type: K, value: E[K]): void {
    for (const listener of [...(this.listeners.get(type) ?? [])]) {
      try {
        (listener as (value: E[K]) => void)(value);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}
