/**
 * What a phone does for an account: asking for a verification code (to a phone, or to your own phone through an
 * opaque handle), the handle itself, and resetting a forgotten password with a `forget` code (every session of the
 * account ends). Answers never tell whether an account has the phone.
 */
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { BizError } from '../../core/errors.js';
import type { SecretBox } from '../../core/secret-box.js';
import { hashPassword, isStrongPassword } from '../auth/index.js';
import { findUserByPhone, phoneOfUser, setPassword, type UserRow } from './sms.repository.js';
import type { SmsService } from './sms.service.js';
import { CODE_SCENES, maskPhone, normalisePhone, type CodeScene, type Phone } from './verification.js';

/** How long the handle of `encryptedValue` lasts. */
const HANDLE_TTL_MS = 600_000;

export interface CodeRequest {
  tenantId: string;
  phone?: string | undefined;
  phoneDiallingCode?: string | undefined;
  /** `login` (default) or `forget`; `verify` only through `encryptedValue`. */
  scene?: string | undefined;
  /** The handle from `encryptedValue`: a code to the caller's own phone (scene `verify`). */
  encryptedValue?: string | undefined;
}

export interface PasswordReset {
  tenantId: string;
  phone?: string | undefined;
  phoneDiallingCode?: string | undefined;
  code?: string | undefined;
  password: string;
}

export class PhoneAccountService {
  constructor(
    private readonly ctx: ModuleContext,
    private readonly sms: SmsService,
    private readonly box: SecretBox,
  ) {}

  /** Sends a verification code (limits first); answers the phone it went to, whether or not an account has it. */
  async requestCode(r: CodeRequest, ip: string, forcedScene?: CodeScene): Promise<Phone> {
    let phone: Phone;
    let scene: CodeScene;
    if (r.encryptedValue) {
      const raw = this.box.openToken(r.encryptedValue);
      if (!raw) throw new BizError('phoneInvalid');
      const [dial, number] = raw.split(' ');
      phone = normalisePhone(number, dial);
      scene = 'verify';
    } else {
      phone = normalisePhone(r.phone, r.phoneDiallingCode);
      scene = forcedScene ?? ((CODE_SCENES as readonly string[]).includes(r.scene ?? '') && r.scene !== 'verify' ? (r.scene as CodeScene) : 'login');
    }
    await this.sms.requestCode(scene, r.tenantId, phone, ip);
    return phone;
  }

  /** The actor's own phone, masked, with an opaque handle to request a code to it. */
  async encryptedValue(actor: Actor): Promise<{ phone: string; phoneDiallingCode: string; encryptedValue: string }> {
    const row = await phoneOfUser(this.ctx.db, actor.userId);
    if (!row?.phone) throw new BizError('phoneInvalid');
    const phone = normalisePhone(row.phone, row.dial || '+86');
    return { phone: maskPhone(phone), phoneDiallingCode: phone.dial, encryptedValue: this.box.sealToken(`${phone.dial} ${phone.number}`, HANDLE_TTL_MS) };
  }

  /**
   * Sets a new password with a `forget` code for the phone; every session of the account ends and its sign-in
   * lockout is cleared. Answers the account. A wrong code and an unknown phone give the same error.
   */
  async resetPassword(r: PasswordReset): Promise<UserRow> {
    const phone = normalisePhone(r.phone, r.phoneDiallingCode);
    if (!isStrongPassword(r.password)) throw new BizError('passwordRule');
    if (!(await this.sms.codes.verify('forget', r.tenantId, phone, r.code))) throw new BizError('smsCodeInvalid');
    const hash = await hashPassword(r.password);
    const row = await this.ctx.tx(async (tx) => {
      const found = await findUserByPhone(tx, r.tenantId, phone);
      if (!found) throw new BizError('smsCodeInvalid');
      await setPassword(tx, found.id, hash);
      return found;
    });
    const auth = this.ctx.use('auth');
    await auth.tokens.revokeUser(row.id, 'password-reset');
    await auth.lockout.unlock(r.tenantId, row.account);
    return row;
  }
}
