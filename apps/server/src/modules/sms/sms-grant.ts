/**
 * The token endpoints' `sms_code` grant, registered with the auth module (module.ts): `phone` (or
 * `login_name`/`username`), `phoneDiallingCode` (default +86) and `code` (or `verificationCode`) from a `login`
 * verification code. A wrong, used or expired code and an unknown phone give the same answer.
 */
import type { ModuleContext } from '../../kernel/types.js';
import { BizError } from '../../core/errors.js';
import type { GrantInput, SignInResult } from '../auth/index.js';
import { findUserByPhone } from './sms.repository.js';
import { normalisePhone, VerificationCodes } from './verification.js';

export async function smsCodeGrant(s: ModuleContext, input: GrantInput): Promise<SignInResult> {
  const p = input.params;
  const phone = normalisePhone(p.phone ?? p.login_name ?? p.username, p.phoneDiallingCode ?? p.phone_dialling_code);
  const codes = new VerificationCodes(s.kv);
  if (!(await codes.verify('login', input.tenantId, phone, p.code ?? p.verificationCode ?? p.verification_code))) {
    throw new BizError('smsCodeInvalid');
  }
  const row = await findUserByPhone(s.db, input.tenantId, phone);
  if (!row) throw new BizError('smsCodeInvalid');
  await s.use('auth').auth.assertTenantUsable(input.tenantId);
  const { subject, roleNames } = await s.use('auth').auth.subjectFor(row, input.client.clientId, input.deptId, input.roleId);
  subject.userType = input.userType ?? 'web';
  const tokens = await s.use('auth').tokens.issue(subject, input.client);
  return { tokens, subject, user: row, roleNames };
}
