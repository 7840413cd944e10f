import type { EmailLanguage, Words } from '../languages.ts';
import { type RenderedEmail, renderEmail } from './layout.ts';

const words: Words<{
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action: string;
  expiry: string;
  ignore: string;
}> = {
  en: {
    subject: 'Reset your password',
    greeting: (name) => `Hello ${name},`,
    body: 'Someone asked to reset the password of your SaveCircle account. If it was you, choose a new password with the button below.',
    action: 'Choose a new password',
    expiry: 'The link works once and expires in 1 hour.',
    ignore: 'If you did not ask for this, ignore this email: your password stays as it is.',
  },
  es: {
    subject: 'Restablece tu contraseña',
    greeting: (name) => `Hola, ${name}:`,
    body: 'Alguien pidió restablecer la contraseña de tu cuenta de SaveCircle. Si fuiste tú, elige una contraseña nueva con el botón de abajo.',
    action: 'Elegir una contraseña nueva',
    expiry: 'El enlace solo se puede usar una vez y caduca en 1 hora.',
    ignore: 'Si no lo pediste tú, ignora este correo: tu contraseña no cambiará.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe',
    greeting: (name) => `Bonjour ${name},`,
    body: 'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte SaveCircle. Si c’était vous, choisissez un nouveau mot de passe avec le bouton ci-dessous.',
    action: 'Choisir un nouveau mot de passe',
    expiry: 'Le lien ne fonctionne qu’une fois et expire dans 1 heure.',
    ignore:
      'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
  },
  zh: {
    subject: '重置您的密码',
    greeting: (name) => `${name}，您好：`,
    body: '有人请求重置您 SaveCircle 账户的密码。如果是您本人操作，请点击下方按钮设置新密码。',
    action: '设置新密码',
    expiry: '该链接仅可使用一次，1 小时后失效。',
    ignore: '如果这不是您本人的请求，请忽略此邮件，您的密码不会改变。',
  },
  ar: {
    subject: 'إعادة تعيين كلمة المرور',
    greeting: (name) => `مرحبًا ${name}،`,
    body: 'طلب أحدهم إعادة تعيين كلمة مرور حسابك في SaveCircle. إذا كنت أنت من طلب ذلك، فاختر كلمة مرور جديدة من الزر أدناه.',
    action: 'اختيار كلمة مرور جديدة',
    expiry: 'يعمل الرابط مرة واحدة فقط وتنتهي صلاحيته خلال ساعة واحدة.',
    ignore: 'إذا لم تطلب ذلك، فتجاهل هذه الرسالة: ستبقى كلمة مرورك كما هي.',
  },
  ko: {
    subject: '비밀번호 재설정',
    greeting: (name) => `${name}님, 안녕하세요.`,
    body: 'SaveCircle 계정의 비밀번호 재설정이 요청되었습니다. 본인이 요청하셨다면 아래 버튼을 눌러 새 비밀번호를 설정하세요.',
    action: '새 비밀번호 설정',
    expiry: '이 링크는 한 번만 사용할 수 있으며 1시간 후에 만료됩니다.',
    ignore: '요청하지 않으셨다면 이 이메일을 무시하세요. 비밀번호는 그대로 유지됩니다.',
  },
};

export function passwordResetEmail(language: EmailLanguage, fullName: string, url: string): RenderedEmail {
  const w = words[language];
  return renderEmail({
    language,
    subject: w.subject,
    greeting: w.greeting(fullName),
    paragraphs: [w.body],
    action: { label: w.action, url },
    closing: [w.expiry, w.ignore],
  });
}
