/** One Server-Sent Events message (comments and `retry:` lines are dropped). */
export type StreamMessage = { id: string | null; event: string | null; data: string };

/**
 * An incremental text/event-stream parser: feed it text as it arrives, it
 * calls `onMessage` for every complete message (a block ended by a blank line).
 */
export function createEventStreamParser(onMessage: (message: StreamMessage) => void) {
  let buffer = '';
  return (text: string) => {
    buffer += text.replace(/\r\n?/g, '\n');
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end < 0) return;
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let id: string | null = null;
      let event: string | null = null;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const name = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (name === 'id') id = value;
        else if (name === 'event') event = value;
        else if (name === 'data') data.push(value);
      }
      if (data.length) onMessage({ id, event, data: data.join('\n') });
    }
  };
}
