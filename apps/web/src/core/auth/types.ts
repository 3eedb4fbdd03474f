/** Successful sign-in or refresh answer: bare snake_case JSON (BX contract). */
export interface LoginResult {
  access_token: string;
  refresh_token: string;
  token_type?: string;
  expires_in?: number;
  tenant_id: string;
  user_id: string;
  user_name?: string;
  nick_name?: string;
  real_name?: string;
  account: string;
  role_id?: string;
  role_name?: string;
  dept_id?: string;
  post_id?: string;
  avatar?: string;
  oauth_id?: string;
  /** The password was generated (new account, reset): it must be changed before anything else. */
  password_change_required?: boolean;
  error_description?: string;
}

export interface PublicSettings {
  tenantMode: boolean;
  captchaMode: boolean;
  switchMode: boolean;
  registerMode: boolean;
  defaultTenantId: string;
  indexTitle: string;
}

export interface Captcha {
  key: string;
  image: string;
}

export interface UserInfo {
  id: string;
  tenantId?: string;
  account: string;
  name?: string;
  realName?: string;
  avatar?: string;
  email?: string;
  phone?: string;
  phoneDiallingCode?: string;
  sex?: number;
  birthday?: string;
  roleName?: string;
  deptName?: string;
}

/** Roles of the signed-in user, from the token answer's comma-joined role aliases. */
export function rolesOf(result: Pick<LoginResult, 'role_name'> | null | undefined): string[] {
  return (result?.role_name ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
}
