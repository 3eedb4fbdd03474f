/** User fields and their rules (spec §3 User, §5). */
import type { OmittedDefault } from '../../crud/resource.js';
import { DIGITS_PATTERN, EMAIL_PATTERN, type Rules } from '../../validation.js';

export const USER_INFO_RULES: Rules = {
  name: { label: { zh: '用户昵称', en: 'Nickname' }, max: 20 },
  realName: { label: { zh: '用户姓名', en: 'Real name' }, max: 50 },
  phone: { label: { zh: '手机号码', en: 'Phone' }, max: 20, pattern: DIGITS_PATTERN, patternMessage: 'digitsOnly' },
  phoneDiallingCode: { label: { zh: '国际区号', en: 'Dialling code' }, max: 10, pattern: '^\\+?\\d{1,6}$' },
  email: { label: { zh: '电子邮箱', en: 'Email' }, max: 100, pattern: EMAIL_PATTERN },
  avatar: { label: { zh: '头像', en: 'Avatar' }, max: 2000 },
};

export const USER_RULES: Rules = {
  ...USER_INFO_RULES,
  account: { label: { zh: '登录账号', en: 'Account' }, required: true, max: 45, pattern: '^[A-Za-z0-9_.@-]+$' },
  name: { ...USER_INFO_RULES.name!, required: true },
  phone: { ...USER_INFO_RULES.phone!, required: true },
  phoneDiallingCode: { ...USER_INFO_RULES.phoneDiallingCode!, required: true },
  code: { label: { zh: '用户编号', en: 'User code' }, max: 12 },
  userType: { label: { zh: '用户平台', en: 'User type' }, required: true },
  roleId: { label: { zh: '所属角色', en: 'Roles' }, required: true },
};

/** The platform parameter that sets the default dialling code (`<key>.<tenantId>` for one tenant); else +86. */
export const DIAL_CODE_PARAM = 'user.default.phoneDiallingCode';
export const PLATFORM_DIAL_CODE = '+86';

/**
 * What a new user gets for a required field the client leaves out (stock Blade clients know neither): an ordinary
 * user, and the tenant's default dialling code. Helio's own form still requires both; an empty value is refused.
 */
export const USER_OMITTED: Readonly<Record<'userType' | 'phoneDiallingCode', OmittedDefault>> = {
  userType: { value: 1, doc: 'ordinary user' },
  phoneDiallingCode: {
    from: 'tenantDialCode',
    doc: `the tenant's default dialling code: the parameter ${DIAL_CODE_PARAM}.<tenantId>, else ${DIAL_CODE_PARAM}, else ${PLATFORM_DIAL_CODE}`,
  },
};
