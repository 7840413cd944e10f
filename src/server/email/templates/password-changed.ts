import type { EmailLanguage, Words } from '../languages.ts';
import { type RenderedEmail, renderEmail } from './layout.ts';

const words: Words<{
  subject: string;
  greeting: (name: string) => string;
  body: string;
  signedOut: string;
  /** Changed from /settings: the device that changed it stays signed in. */
  othersSignedOut: string;
  notYou: string;
  action: string;
}> = {
  en: {
    subject: 'Your password was changed',
    greeting: (name) => `Hello ${name},`,
    body: 'The password of your SaveCircle account was just changed.',
    signedOut: 'For your safety, every device that was signed in has been signed out.',
    othersSignedOut: 'For your safety, every other device that was signed in has been signed out.',
    notYou: 'If you did not do this, reset your password now and contact our support team.',
    action: 'Reset my password',
  },
  es: {
    subject: 'Se cambió tu contraseña',
    greeting: (name) => `Hola, ${name}:`,
    body: 'Se acaba de cambiar la contraseña de tu cuenta de SaveCircle.',
    signedOut: 'Por tu seguridad, cerramos la sesión en todos los dispositivos donde estaba abierta.',
    othersSignedOut:
      'Por tu seguridad, cerramos la sesión en todos los demás dispositivos donde estaba abierta.',
    notYou: 'Si no fuiste tú, restablece tu contraseña ahora y contacta con nuestro equipo de soporte.',
    action: 'Restablecer mi contraseña',
  },
  fr: {
    subject: 'Votre mot de passe a été modifié',
    greeting: (name) => `Bonjour ${name},`,
    body: 'Le mot de passe de votre compte SaveCircle vient d’être modifié.',
    signedOut: 'Par sécurité, tous les appareils connectés ont été déconnectés.',
    othersSignedOut: 'Par sécurité, tous les autres appareils connectés ont été déconnectés.',
    notYou:
      'Si ce n’est pas vous, réinitialisez votre mot de passe dès maintenant et contactez notre équipe d’assistance.',
    action: 'Réinitialiser mon mot de passe',
  },
  zh: {
    subject: '您的密码已更改',
    greeting: (name) => `${name}，您好：`,
    body: '您 SaveCircle 账户的密码刚刚已更改。',
    signedOut: '为了您的安全，所有已登录的设备均已退出登录。',
    othersSignedOut: '为了您的安全，其他所有已登录的设备均已退出登录。',
    notYou: '如果这不是您本人的操作，请立即重置密码并联系我们的客服团队。',
    action: '重置我的密码',
  },
  ar: {
    subject: 'تم تغيير كلمة المرور',
    greeting: (name) => `مرحبًا ${name}،`,
    body: 'تم للتو تغيير كلمة مرور حسابك في SaveCircle.',
    signedOut: 'حفاظًا على أمانك، تم تسجيل الخروج من جميع الأجهزة التي كانت مسجّلة الدخول.',
    othersSignedOut: 'حفاظًا على أمانك، تم تسجيل الخروج من جميع الأجهزة الأخرى التي كانت مسجّلة الدخول.',
    notYou: 'إذا لم تقم بذلك، فأعد تعيين كلمة المرور الآن وتواصل مع فريق الدعم.',
    action: 'إعادة تعيين كلمة المرور',
  },
  ko: {
    subject: '비밀번호가 변경되었습니다',
    greeting: (name) => `${name}님, 안녕하세요.`,
    body: 'SaveCircle 계정의 비밀번호가 방금 변경되었습니다.',
    signedOut: '안전을 위해 로그인되어 있던 모든 기기에서 로그아웃되었습니다.',
    othersSignedOut: '안전을 위해 로그인되어 있던 다른 모든 기기에서 로그아웃되었습니다.',
    notYou: '본인이 변경하지 않으셨다면 지금 바로 비밀번호를 재설정하고 고객 지원팀에 문의하세요.',
    action: '비밀번호 재설정',
  },
};

export function passwordChangedEmail(
  language: EmailLanguage,
  fullName: string,
  forgotUrl: string,
  options: { keptThisDevice?: boolean } = {},
): RenderedEmail {
  const w = words[language];
  return renderEmail({
    language,
    subject: w.subject,
    greeting: w.greeting(fullName),
    paragraphs: [w.body, options.keptThisDevice ? w.othersSignedOut : w.signedOut, w.notYou],
    action: { label: w.action, url: forgotUrl },
  });
}
