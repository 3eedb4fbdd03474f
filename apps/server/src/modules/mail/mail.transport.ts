/**
 * One SMTP exchange (nodemailer) that never goes where the outbound guard forbids and never takes longer than its
 * time limit. The socket is ours: the guard resolves and judges the host (every address; literal, private and
 * loopback ones refused unless allow-listed, core/net-guard.ts) BEFORE anything connects, and we connect to the
 * checked address — nodemailer only speaks SMTP over it (`getSocket`), TLS included (`tls`: from the first byte;
 * `starttls`: required after the greeting; `none`: plain, STARTTLS ignored). Certificates are verified against the
 * host name as configured. Failures come back classified (`SmtpFailure`) for a clear message.
 */
import net from 'node:net';
import { lazyImport } from '../../core/lazy-import.js';
import type { MailSecurity } from '@helio/contracts/modules/mail/mail.resource';
import { OutboundRefused, type OutboundGuard } from '../../core/net-guard.js';
import type { MailMessageKey, MailParams } from './mail.messages.js';

const mailer = lazyImport(() => import('nodemailer'));

export interface SmtpSettings {
  host: string;
  port: number;
  security: MailSecurity;
  username?: string | null;
  password?: string | null;
  fromAddress: string;
  fromName?: string | null;
}

/** A file sent with a message (its bytes in memory; never a path or URL). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Files attached (the outbox records none of their bytes). */
  attachments?: readonly MailAttachment[] | undefined;
}

export interface SmtpSent {
  messageId: string;
  response: string;
  ms: number;
}

/** Why a send failed: a message key of mail.messages.ts and its parameters. */
export class SmtpFailure extends Error {
  constructor(
    readonly key: MailMessageKey,
    readonly params: MailParams,
  ) {
    super(`${key}: ${JSON.stringify(params)}`);
  }
}

export const DEFAULT_TIMEOUT_MS = 10_000;

type Coded = Error & { code?: string; response?: string; responseCode?: number; command?: string };

/** Sends one message; resolves with the server's answer or rejects with an SmtpFailure, within `timeoutMs`. */
export async function sendSmtp(guard: OutboundGuard, s: SmtpSettings, m: OutgoingMail, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<SmtpSent> {
  const started = Date.now();
  const deadline = started + timeoutMs;
  let finished = false;
  const sockets: net.Socket[] = [];
  const { default: nodemailer } = await mailer();
  const transport = nodemailer.createTransport({
    host: s.host,
    port: s.port,
    secure: s.security === 'tls',
    requireTLS: s.security === 'starttls',
    ignoreTLS: s.security === 'none',
    ...(s.username ? { auth: { user: s.username, pass: s.password ?? '' } } : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    logger: false,
    debug: false,
    getSocket: (_options, callback) => {
      connectChecked(guard, s.host, s.port, deadline).then(
        (socket) => {
          sockets.push(socket);
          if (finished) socket.destroy();
          callback(null, { connection: socket });
        },
        (err: Error) => callback(err),
      );
    },
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SmtpFailure('timeout', { host: s.host, port: s.port, seconds: Math.round(timeoutMs / 1000) })), timeoutMs);
  });
  try {
    const info = await Promise.race([
      transport.sendMail({
        from: s.fromName ? { name: s.fromName, address: s.fromAddress } : s.fromAddress,
        to: m.to,
        subject: m.subject,
        text: m.text,
        ...(m.html ? { html: m.html } : {}),
        ...(m.attachments?.length ? { attachments: m.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })) } : {}),
        disableFileAccess: true,
        disableUrlAccess: true,
      }),
      timeout,
    ]);
    return { messageId: String(info.messageId ?? ''), response: String(info.response ?? '').slice(0, 300), ms: Date.now() - started };
  } catch (e) {
    throw classify(e, s, timeoutMs);
  } finally {
    finished = true;
    clearTimeout(timer);
    transport.close();
    for (const socket of sockets) socket.destroy();
  }
}

/** The guard's addresses of the host (refusal before any connection), then a TCP connection to the first one. */
async function connectChecked(guard: OutboundGuard, host: string, port: number, deadline: number): Promise<net.Socket> {
  const [first] = await guard.resolve(host);
  if (!first) throw Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' });
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: first.address, port, family: first.family });
    const fail = (err: Error) => {
      socket.destroy();
      reject(err);
    };
    socket.setTimeout(Math.max(1, deadline - Date.now()), () => fail(Object.assign(new Error('connection timed out'), { code: 'ETIMEDOUT' })));
    socket.once('error', fail);
    socket.once('connect', () => {
      socket.setTimeout(0);
      socket.removeListener('error', fail);
      resolve(socket);
    });
  });
}

const clean = (v: unknown) =>
  String(v ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);

/** A nodemailer or socket error → the failure a user can act on. */
export function classify(e: unknown, s: Pick<SmtpSettings, 'host' | 'port'>, timeoutMs: number): SmtpFailure | OutboundRefused {
  if (e instanceof SmtpFailure || e instanceof OutboundRefused) return e;
  const err = (e ?? {}) as Coded;
  const code = String(err.code ?? '');
  const message = clean(err.message);
  const reason = clean(err.response) || message || code;
  const where = { host: s.host, port: s.port };
  // 530: the server wants a sign-in this configuration does not give.
  if (err.responseCode === 530) return new SmtpFailure('authRequired', {});
  if (code === 'EAUTH') return new SmtpFailure('auth', { reason });
  if (code === 'ECONNREFUSED' || /ECONNREFUSED/.test(message)) return new SmtpFailure('refused', where);
  if (code === 'ETIMEDOUT' || /timeout|timed out|Greeting never received/i.test(message)) {
    return new SmtpFailure('timeout', { ...where, seconds: Math.round(timeoutMs / 1000) });
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EDNS') return new SmtpFailure('dns', { host: s.host });
  if (['EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'EPIPE'].includes(code)) return new SmtpFailure('unreachable', { ...where, reason: code });
  if (code === 'ETLS' || /TLS|SSL|certificate|self[- ]signed/i.test(message)) return new SmtpFailure('tls', { reason: message });
  if (code === 'EENVELOPE' || code === 'EMESSAGE') return new SmtpFailure('rejected', { reason });
  return new SmtpFailure('failed', { reason: reason || 'unknown error' });
}
