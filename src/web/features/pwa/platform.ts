export type InstallPlatform =
  | 'ios-safari'
  | 'android-chrome'
  | 'other-mobile'
  | 'desktop-chrome'
  | 'other-desktop';

/** Which install instructions fit this browser. */
export function detectInstallPlatform(userAgent: string): InstallPlatform {
  const ua = userAgent.toLowerCase();
  const isIos = /iphone|ipad|ipod/.test(ua);
  const isAndroid = ua.includes('android');
  const isChromium = /chrome|crios|chromium|edg\//.test(ua);
  if (isIos) return /crios|fxios|edgios/.test(ua) ? 'other-mobile' : 'ios-safari';
  if (isAndroid) return isChromium ? 'android-chrome' : 'other-mobile';
  if (/mobile/.test(ua)) return 'other-mobile';
  return isChromium ? 'desktop-chrome' : 'other-desktop';
}

/** Number of steps per platform; their texts are pwa:steps.<platform>.<n>. */
export const installStepCount: Record<InstallPlatform, number> = {
  'ios-safari': 3,
  'android-chrome': 3,
  'other-mobile': 2,
  'desktop-chrome': 3,
  'other-desktop': 2,
};
