/** The six languages, each with its code, its own name and a flag, as the selector shows them. */
export const languages = [
  { code: 'en', name: 'English', flag: '🇺🇸', dir: 'ltr' },
  { code: 'es', name: 'Español', flag: '🇪🇸', dir: 'ltr' },
  { code: 'fr', name: 'Français', flag: '🇫🇷', dir: 'ltr' },
  { code: 'zh', name: '中文', flag: '🇨🇳', dir: 'ltr' },
  { code: 'ar', name: 'العربية', flag: '🇸🇦', dir: 'rtl' },
  { code: 'ko', name: '한국어', flag: '🇰🇷', dir: 'ltr' },
] as const;

export type LanguageCode = (typeof languages)[number]['code'];
export const languageCodes = languages.map((l) => l.code) as LanguageCode[];
export const namespaces = [
  'common',
  'auth',
  'landing',
  'dashboard',
  'pwa',
  'groups',
  'groupPage',
  'history',
  'applications',
  'payouts',
  'bankAccount',
  'withdrawal',
  'escrow',
  'security',
  'paymentsMonitor',
  'autopay',
  'verification',
  'chat',
  'announcements',
  'groupManagement',
  'groupSettings',
  'communicationDemo',
  'mailbox',
  'live',
  'settings',
  'accountData',
  'analytics',
  'membership',
  'ownership',
  'reputation',
  'invitations',
  'referral',
  'support',
  'systemDashboard',
] as const;
export const LANGUAGE_STORAGE_KEY = 'savecircle-language';
