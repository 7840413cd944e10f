import type { EmailLanguage, Words } from '../languages.ts';
import { type RenderedEmail, renderEmail } from './layout.ts';

/** Security notice: a sign-in from a browser the account has not used lately. Always sent. */
const words: Words<{
  subject: string;
  greeting: (name: string) => string;
  body: (device: string, when: string) => string;
  ifYou: string;
  notYou: string;
  action: string;
}> = {
  en: {
    subject: 'New sign-in to your account',
    greeting: (name) => `Hello ${name},`,
    body: (device, when) => `Your SaveCircle account was just signed in from ${device} (${when}).`,
    ifYou: 'If this was you, there is nothing to do.',
    notYou: 'If it was not you, reset your password now: that signs out every device.',
    action: 'Reset my password',
  },
  es: {
    subject: 'Nuevo inicio de sesión en tu cuenta',
    greeting: (name) => `Hola, ${name}:`,
    body: (device, when) =>
      `Se acaba de iniciar sesión en tu cuenta de SaveCircle desde ${device} (${when}).`,
    ifYou: 'Si fuiste tú, no tienes que hacer nada.',
    notYou:
      'Si no fuiste tú, restablece tu contraseña ahora: así se cerrará la sesión en todos los dispositivos.',
    action: 'Restablecer mi contraseña',
  },
  fr: {
    subject: 'Nouvelle connexion à votre compte',
    greeting: (name) => `Bonjour ${name},`,
    body: (device, when) =>
      `Une connexion à votre compte SaveCircle vient d’avoir lieu depuis ${device} (${when}).`,
    ifYou: 'Si c’était vous, vous n’avez rien à faire.',
    notYou:
      'Si ce n’était pas vous, réinitialisez votre mot de passe dès maintenant : tous les appareils seront déconnectés.',
    action: 'Réinitialiser mon mot de passe',
  },
  zh: {
    subject: '您的账户有新的登录',
    greeting: (name) => `${name}，您好：`,
    body: (device, when) => `您的 SaveCircle 账户刚刚在 ${device} 上登录（${when}）。`,
    ifYou: '如果是您本人操作，无需任何处理。',
    notYou: '如果不是您本人，请立即重置密码，所有设备都将退出登录。',
    action: '重置我的密码',
  },
  ar: {
    subject: 'تسجيل دخول جديد إلى حسابك',
    greeting: (name) => `مرحبًا ${name}،`,
    body: (device, when) => `تم للتو تسجيل الدخول إلى حسابك في SaveCircle من ${device} (${when}).`,
    ifYou: 'إذا كنت أنت، فلا داعي لفعل أي شيء.',
    notYou: 'إذا لم تكن أنت، فأعد تعيين كلمة المرور الآن، وسيتم تسجيل الخروج من جميع الأجهزة.',
    action: 'إعادة تعيين كلمة المرور',
  },
  ko: {
    subject: '계정에 새로운 로그인이 있습니다',
    greeting: (name) => `${name}님, 안녕하세요.`,
    body: (device, when) => `방금 ${device}에서 SaveCircle 계정에 로그인했습니다(${when}).`,
    ifYou: '본인이 로그인했다면 따로 하실 일은 없습니다.',
    notYou: '본인이 아니라면 지금 바로 비밀번호를 재설정하세요. 모든 기기에서 로그아웃됩니다.',
    action: '비밀번호 재설정',
  },
};

export function newSignInEmail(
  language: EmailLanguage,
  fullName: string,
  device: string,
  at: Date,
  timeZone: string,
  forgotUrl: string,
): RenderedEmail {
  const w = words[language];
  const when = new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(at);
  return renderEmail({
    language,
    subject: w.subject,
    greeting: w.greeting(fullName),
    paragraphs: [w.body(device, when), w.ifYou, w.notYou],
    action: { label: w.action, url: forgotUrl },
  });
}
