import { describe, expect, it } from 'vitest';
import { createEventStreamParser, type StreamMessage } from './event-stream';

describe('createEventStreamParser', () => {
  it('gives each message once it is complete, across chunks, without comments', () => {
    const got: StreamMessage[] = [];
    const feed = createEventStreamParser((m) => got.push(m));
    feed('retry: 3000\n: live audit trail after #4\n\n');
    feed('id: 5\ndata: {"seq":');
    expect(got).toEqual([]);
    feed('5}\n\n: heartbeat\n\nid: 6\r\ndata: a\r\ndata: b\r\n\r\n');
    expect(got).toEqual([
      { id: '5', event: null, data: '{"seq":5}' },
      { id: '6', event: null, data: 'a\nb' },
    ]);
  });
});
