import type { EmailLanguage, Words } from '../languages.ts';
import { type RenderedEmail, renderEmail } from './layout.ts';

/** Security notice to the address an account just left: always sent, no unsubscribe. */
const words: Words<{
  subject: string;
  greeting: (name: string) => string;
  body: (newAddress: string) => string;
  notYou: string;
  action: string;
}> = {
  en: {
    subject: 'Your email address was changed',
    greeting: (name) => `Hello ${name},`,
    body: (a) =>
      `The email address of your SaveCircle account was changed to ${a}. We will write to that address from now on.`,
    notYou: 'If you did not do this, reset your password now and contact our support team.',
    action: 'Reset my password',
  },
  es: {
    subject: 'Se cambió tu dirección de correo',
    greeting: (name) => `Hola, ${name}:`,
    body: (a) =>
      `La dirección de correo de tu cuenta de SaveCircle se cambió a ${a}. A partir de ahora te escribiremos allí.`,
    notYou: 'Si no fuiste tú, restablece tu contraseña ahora y contacta con nuestro equipo de soporte.',
    action: 'Restablecer mi contraseña',
  },
  fr: {
    subject: 'Votre adresse e-mail a été modifiée',
    greeting: (name) => `Bonjour ${name},`,
    body: (a) =>
      `L’adresse e-mail de votre compte SaveCircle a été remplacée par ${a}. Nous vous écrirons désormais à cette adresse.`,
    notYou:
      'Si ce n’est pas vous, réinitialisez votre mot de passe dès maintenant et contactez notre équipe d’assistance.',
    action: 'Réinitialiser mon mot de passe',
  },
  zh: {
    subject: '您的邮箱地址已更改',
    greeting: (name) => `${name}，您好：`,
    body: (a) => `您 SaveCircle 账户的邮箱地址已更改为 ${a}。今后我们将发送邮件至该地址。`,
    notYou: '如果这不是您本人的操作，请立即重置密码并联系我们的客服团队。',
    action: '重置我的密码',
  },
  ar: {
    subject: 'تم تغيير بريدك الإلكتروني',
    greeting: (name) => `مرحبًا ${name}،`,
    body: (a) =>
      `تم تغيير البريد الإلكتروني لحسابك في SaveCircle إلى ${a}. سنراسلك على هذا العنوان من الآن فصاعدًا.`,
    notYou: 'إذا لم تقم بذلك، فأعد تعيين كلمة المرور الآن وتواصل مع فريق الدعم.',
    action: 'إعادة تعيين كلمة المرور',
  },
  ko: {
    subject: '이메일 주소가 변경되었습니다',
    greeting: (name) => `${name}님, 안녕하세요.`,
    body: (a) =>
      `SaveCircle 계정의 이메일 주소가 ${a}(으)로 변경되었습니다. 앞으로는 이 주소로 메일을 보내 드립니다.`,
    notYou: '본인이 변경하지 않으셨다면 지금 바로 비밀번호를 재설정하고 고객 지원팀에 문의하세요.',
    action: '비밀번호 재설정',
  },
};

export function emailChangedEmail(
  language: EmailLanguage,
  fullName: string,
  newAddress: string,
  forgotUrl: string,
): RenderedEmail {
  const w = words[language];
  return renderEmail({
    language,
    subject: w.subject,
    greeting: w.greeting(fullName),
    paragraphs: [w.body(newAddress), w.notYou],
    action: { label: w.action, url: forgotUrl },
  });
}
