/** One Server-Sent Events message: its id and data (comments are left out). */
export type SseMessage = { id: string | null; event: string | null; data: string };

/**
 * Reads a text/event-stream body message by message. `next(n)` resolves with
 * the next n messages; `ended()` resolves when the server ends the stream;
 * `close()` hangs up as a client would.
 */
export function eventStreamReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  let comments = 0;
  const queue: SseMessage[] = [];

  function parse() {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end < 0) return;
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let id: string | null = null;
      let event: string | null = null;
      const data: string[] = [];
      let fields = 0;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const [name, ...rest] = line.split(':');
        const value = rest.join(':').replace(/^ /, '');
        if (name === 'id') id = value;
        else if (name === 'event') event = value;
        else if (name === 'data') data.push(value);
        else continue;
        fields++;
      }
      if (fields === 0) comments++;
      else if (data.length) queue.push({ id, event, data: data.join('\n') });
    }
  }

  /** Reads one more chunk; false once the stream has ended. */
  async function pull(): Promise<boolean> {
    if (done) return false;
    const chunk = await reader.read();
    if (chunk.done) {
      done = true;
      return false;
    }
    buffer += decoder.decode(chunk.value, { stream: true });
    parse();
    return true;
  }

  return {
    /** Resolves once the stream has sent its first lines (it has read where to start). */
    async opened(): Promise<void> {
      while (comments === 0 && queue.length === 0) {
        if (!(await pull())) throw new Error('the stream ended before it opened');
      }
    },
    async next(n = 1): Promise<SseMessage[]> {
      while (queue.length < n) {
        if (!(await pull())) throw new Error(`the stream ended after ${queue.length} of ${n}`);
      }
      return queue.splice(0, n);
    },
    /** The messages received so far and not yet taken. */
    buffered: (): readonly SseMessage[] => queue,
    /** Resolves when the server ends the stream. */
    async ended(): Promise<void> {
      while (await pull());
    },
    async close(): Promise<void> {
      await reader.cancel().catch(() => {});
    },
  };
}

/**
 * The text of an answer, for the suites that sweep every operation: an event
 * stream never ends, so only what it sent first is read before hanging up.
 */
export async function answerText(res: Response): Promise<string> {
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) return res.text();
  const reader = res.body!.getReader();
  const first = await reader.read();
  await reader.cancel().catch(() => {});
  return first.done ? '' : new TextDecoder().decode(first.value);
}
