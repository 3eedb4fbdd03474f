/**
 * Channel senders by name (`inapp` is the module's own and never registered here). A later registration of a name
 * replaces the earlier one (and `register` returns the way to undo it), so tests and re-wiring need no restart.
 */
/** One message to one person. */
export interface ChannelMessage {
  userId: string;
  /** Where to (the phone number for sms, the e-mail address for mail). */
  address: string;
  subject: string;
  text: string;
}

export interface ChannelSender {
  send(tenantId: string, msg: ChannelMessage): Promise<{ ok: boolean; error?: string }>;
}

/** The user columns a channel may take its address from. */
export interface Addressee {
  userId: string;
  phone: string | null;
  phoneDiallingCode: string | null;
  email: string | null;
}

export interface ChannelOptions {
  /**
   * How to find a user's address: `phone`, `email`, or a function (null: the user has none, the record fails with
   * "no address"). Default: `phone` for sms, `email` for mail.
   */
  address?: 'phone' | 'email' | ((u: Addressee) => string | null);
}


interface Entry {
  sender: ChannelSender;
  address: (u: Addressee) => string | null;
}

const nonEmpty = (v: string | null) => (v && v.trim() ? v.trim() : null);

function addressOf(name: string, opt: ChannelOptions['address']): (u: Addressee) => string | null {
  if (typeof opt === 'function') return opt;
  const kind = opt ?? (name === 'sms' ? 'phone' : name === 'mail' ? 'email' : undefined);
  if (kind === 'phone') return (u) => nonEmpty(u.phone);
  if (kind === 'email') return (u) => nonEmpty(u.email);
  return () => null;
}

export class ChannelRegistry {
  private readonly entries = new Map<string, Entry>();

  register(name: string, sender: ChannelSender, opts: ChannelOptions = {}): () => void {
    if (name === 'inapp') throw new Error('the in-app channel is the notify module’s own');
    const entry = { sender, address: addressOf(name, opts.address) };
    this.entries.set(name, entry);
    return () => {
      if (this.entries.get(name) === entry) this.entries.delete(name);
    };
  }

  has(name: string): boolean {
    return name === 'inapp' || this.entries.has(name);
  }

  /** The registered sender and address rule of a channel (undefined for inapp and unknown names). */
  get(name: string): Entry | undefined {
    return this.entries.get(name);
  }

  names(): string[] {
    return ['inapp', ...this.entries.keys()];
  }
}

/** Calls a sender under a time limit; a timeout or a throw is a failed send, never the caller's error. */
export async function sendWithin(sender: ChannelSender, tenantId: string, msg: Parameters<ChannelSender['send']>[1], ms: number): Promise<{ ok: boolean; error?: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ ok: boolean; error: string }>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, error: `timed out after ${ms} ms` }), ms);
    timer.unref();
  });
  try {
    const r = await Promise.race([
      Promise.resolve()
        .then(() => sender.send(tenantId, msg))
        .catch((e: unknown) => ({ ok: false, error: e instanceof Error ? e.message : String(e) })),
      timeout,
    ]);
    return r && typeof r.ok === 'boolean' ? r : { ok: false, error: 'the sender answered nothing' };
  } finally {
    clearTimeout(timer);
  }
}
