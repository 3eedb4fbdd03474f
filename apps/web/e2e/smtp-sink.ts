/**
 * Walks that send mail: a minimal SMTP sink on 127.0.0.1 per worker, which the worker's own server may talk to
 * (loopback allow-listed: HELIO_ALLOW_PRIVATE_HOSTS). Used by e2e/mail.spec.ts and the installer-order walks.
 */
import net from 'node:net';
import { expect, test as base } from './fixtures';

export interface Delivered {
  from: string;
  to: string[];
  data: string;
}

/** A minimal SMTP sink (RFC 5321 happy path, no AUTH, no STARTTLS): what arrives goes to `delivered`. */
function smtpSink(delivered: Delivered[]): net.Server {
  return net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: Delivered = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink.e2e ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          delivered.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 OK: queued as e2e');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
        if (verb === 'MAIL') current.from = address;
        if (verb === 'RCPT') current.to.push(address);
        if (verb === 'DATA') inData = true;
        reply(verb === 'EHLO' || verb === 'HELO' ? '250 sink.e2e' : verb === 'DATA' ? '354 go on' : verb === 'QUIT' ? '221 bye' : '250 OK');
        if (verb === 'QUIT') socket.end();
      }
    });
    socket.on('error', () => undefined);
  });
}

export interface Sink {
  port: number;
  delivered: Delivered[];
}

/**
 * The suite's `test` with the worker's sink. The worker's own server may talk to it: the e2e servers allow-list
 * loopback (HELIO_ALLOW_PRIVATE_HOSTS=127.0.0.1, e2e/fixtures.ts), so the mail walks need no server of their own.
 */
export const mailTest = base.extend<object, { sink: Sink }>({
  sink: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const delivered: Delivered[] = [];
      const srv = smtpSink(delivered);
      await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
      await provide({ port: (srv.address() as net.AddressInfo).port, delivered });
      await new Promise((r) => srv.close(r));
    },
    { scope: 'worker' },
  ],
});
export { expect };

/** A delivered message's Subject, unfolded and its RFC 2047 encoded words (B and Q, UTF-8) decoded. */
export function subjectOf(data: string): string {
  const head = data.split(/\r?\n\r?\n/)[0] ?? '';
  const m = /^Subject:(.*(?:\r?\n[ \t].*)*)/im.exec(head);
  if (!m) return '';
  return m[1]!
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    )
    .trim();
}
