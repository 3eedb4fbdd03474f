/** Spec §5/§9 rules shared by forms. */
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d).{8,16}$/;
export const PHONE_DIGITS = /^\d+$/;
export const EMAIL_RULE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const LIMITS = { realName: 50, name: 20, phone: 20, userCode: 12, avatarBytes: 500 * 1024 } as const;
export const AVATAR_TYPES = ['image/jpeg', 'image/png'] as const;

/** Avatar check before upload: jpg or png, at most 500 kB. */
export function checkAvatar(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > LIMITS.avatarBytes) return 'size';
  return null;
}
