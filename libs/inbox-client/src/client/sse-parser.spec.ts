import { SseParser, type SseEvent } from './sse-parser.js';

function parse(chunks: string[], lastId = ''): { events: SseEvent[]; parser: SseParser } {
  const events: SseEvent[] = [];
  const parser = new SseParser((e) => events.push(e), lastId);
  chunks.forEach((c) => parser.feed(c));
  return { events, parser };
}

describe('SseParser', () => {
  it('reads id, event and data, and keeps the last id across events', () => {
    const { events, parser } = parse([
      'retry: 2000\n\nid: a-1\nevent: inbox.sent\ndata: {"x":1}\n\nevent: sync\ndata: {}\n\n',
    ]);
    expect(events).toEqual([
      { type: 'inbox.sent', data: '{"x":1}', id: 'a-1' },
      { type: 'sync', data: '{}', id: 'a-1' },
    ]);
    expect(parser.id).toBe('a-1');
  });

  it('joins data lines with LF, defaults the type to message, and ignores comments', () => {
    const { events } = parse([': heartbeat\n\ndata: one\ndata:two\ndata\n\n']);
    expect(events).toEqual([{ type: 'message', data: 'one\ntwo\n', id: '' }]);
  });

  it('accepts CR, LF and CRLF line ends, also when a CRLF is split across chunks', () => {
    const { events } = parse([
      'id: 1\r',
      '\nevent: a\r',
      '\ndata: x\r\r',
      'id: 2\rdata: y\n',
      '\n',
    ]);
    expect(events).toEqual([
      { type: 'a', data: 'x', id: '1' },
      { type: 'message', data: 'y', id: '2' },
    ]);
  });

  it('waits for the blank line: an event cut anywhere arrives once, whole', () => {
    const text = 'id: 7\nevent: inbox.updated\ndata: {"change":"read"}\n\n';
    for (let cut = 1; cut < text.length; cut++) {
      const { events } = parse([text.slice(0, cut), text.slice(cut)]);
      expect(events).toEqual([{ type: 'inbox.updated', data: '{"change":"read"}', id: '7' }]);
    }
    expect(parse([text.slice(0, -1)]).events).toEqual([]);
  });

  it('drops a leading byte-order mark, an id holding NUL, and events without data', () => {
    const { events, parser } = parse(
      ['\ufeffid: 3\nevent: x\n\nid: bad\0id\ndata: z\n\n'],
      'start',
    );
    expect(events).toEqual([{ type: 'message', data: 'z', id: '3' }]);
    expect(parser.id).toBe('3');
  });

  it('starts from the id it is given', () => {
    expect(parse(['data: q\n\n'], 'old-9').events[0].id).toBe('old-9');
  });
});
