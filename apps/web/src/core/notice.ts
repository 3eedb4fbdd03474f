/** react-query key of the caller's unread notices (the shell's notice button; pages that publish notices refresh it). */
export const NOTICE_UNREAD_KEY = 'notice-unread';
