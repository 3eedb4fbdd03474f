export const TEST_ADMIN_PASSWORD = 'Helio-Test-2026';
export const WEB_BASIC = `Basic ${Buffer.from('helio:helio_secret').toString('base64')}`;
export const SABER_BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
