/** A set that forgets its oldest entries past `limit` (ids of events already handled). */
export class BoundedSet {
  private readonly items = new Set<string>();

  constructor(private readonly limit: number) {}

  /** Adds `value`; `false` when it was already there. */
  add(value: string): boolean {
    if (this.items.has(value)) return false;
    this.items.add(value);
    if (this.items.size > this.limit) this.items.delete(this.items.values().next().value!);
    return true;
  }

  delete(value: string): void {
    this.items.delete(value);
  }
}
