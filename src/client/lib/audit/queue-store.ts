import type { DropReport } from '@shared/schemas/audit';

/** What a queue keeps in localStorage, so that closing the tab mid-outage loses nothing. */
export type QueueState<E> = {
  v: 1;
  /** Unacknowledged events, oldest first; an event leaves only once the server has it. */
  events: E[];
  /** Sealed drop reports (id + count) not yet acknowledged. */
  drops: DropReport[];
  /** Drops counted since the last report was sealed. */
  pendingDrops: number;
};

/** The subset of the Web Storage API a queue needs (localStorage, or a fake in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

const emptyState = <E>(): QueueState<E> => ({
  v: 1,
  events: [],
  drops: [],
  pendingDrops: 0,
});

function isState<E>(value: unknown): value is QueueState<E> {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<QueueState<E>>;
  return (
    v.v === 1 &&
    Array.isArray(v.events) &&
    Array.isArray(v.drops) &&
    typeof v.pendingDrops === 'number'
  );
}

/**
 * The queue's state in storage. Every change re-reads storage first, so two
 * tabs sharing one queue add to it rather than overwrite each other; both may
 * then send the same event, which the server stores once. When storage fails
 * (private browsing, quota) the state lives on in memory for this page.
 */
export class QueueStore<E> {
  private memory: QueueState<E> = emptyState();
  private storageWorks = true;

  constructor(
    private readonly key: string,
    private readonly storage: KeyValueStorage | null,
  ) {}

  read(): QueueState<E> {
    if (!this.storage || !this.storageWorks) return this.memory;
    try {
      const raw = this.storage.getItem(this.key);
      if (!raw) return emptyState();
      const parsed: unknown = JSON.parse(raw);
      return isState<E>(parsed) ? parsed : emptyState();
    } catch {
      return this.memory;
    }
  }

  write(state: QueueState<E>): void {
    this.memory = state;
    if (!this.storage) return;
    try {
      this.storage.setItem(this.key, JSON.stringify(state));
      this.storageWorks = true;
    } catch {
      this.storageWorks = false;
    }
  }

  /** Read, change, write back; returns what `change` returns. */
  update<T>(change: (state: QueueState<E>) => T): T {
    const state = this.read();
    const result = change(state);
    this.write(state);
    return result;
  }
}
