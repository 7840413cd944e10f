import type { EmailLanguage, Words } from '../languages.ts';
import { type RenderedEmail, renderEmail } from './layout.ts';

const words: Words<{
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action: string;
  expiry: string;
  ignore: string;
  /** Sent from /settings to a new address: no welcome. */
  changeBody: string;
  changeIgnore: string;
}> = {
  en: {
    subject: 'Confirm your email address',
    greeting: (name) => `Hello ${name},`,
    body: 'Welcome to SaveCircle! Please confirm that this is your email address, so we can reach you about your circles and your money.',
    action: 'Confirm my email',
    expiry: 'The link works once and expires in 48 hours.',
    ignore: 'If you did not create a SaveCircle account, ignore this email.',
    changeBody:
      'You asked to use this address for your SaveCircle account. Confirm it, and we will write to you here from now on.',
    changeIgnore: 'If you did not ask for this, ignore this email: nothing changes.',
  },
  es: {
    subject: 'Confirma tu dirección de correo',
    greeting: (name) => `Hola, ${name}:`,
    body: '¡Te damos la bienvenida a SaveCircle! Confirma que esta es tu dirección de correo para que podamos avisarte sobre tus círculos y tu dinero.',
    action: 'Confirmar mi correo',
    expiry: 'El enlace solo se puede usar una vez y caduca en 48 horas.',
    ignore: 'Si no creaste una cuenta en SaveCircle, ignora este correo.',
    changeBody:
      'Pediste usar esta dirección en tu cuenta de SaveCircle. Confírmala y, a partir de ahora, te escribiremos aquí.',
    changeIgnore: 'Si no lo pediste tú, ignora este correo: no cambiará nada.',
  },
  fr: {
    subject: 'Confirmez votre adresse e-mail',
    greeting: (name) => `Bonjour ${name},`,
    body: 'Bienvenue sur SaveCircle ! Confirmez qu’il s’agit bien de votre adresse e-mail, afin que nous puissions vous informer au sujet de vos cercles et de votre argent.',
    action: 'Confirmer mon adresse',
    expiry: 'Le lien ne fonctionne qu’une fois et expire dans 48 heures.',
    ignore: 'Si vous n’avez pas créé de compte SaveCircle, ignorez cet e-mail.',
    changeBody:
      'Vous avez demandé à utiliser cette adresse pour votre compte SaveCircle. Confirmez-la, et nous vous écrirons désormais ici.',
    changeIgnore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : rien ne changera.',
  },
  zh: {
    subject: '请确认您的邮箱地址',
    greeting: (name) => `${name}，您好：`,
    body: '欢迎加入 SaveCircle！请确认这是您的邮箱地址，以便我们就您的储蓄圈和资金与您联系。',
    action: '确认我的邮箱',
    expiry: '该链接仅可使用一次，48 小时后失效。',
    ignore: '如果您没有注册 SaveCircle 账户，请忽略此邮件。',
    changeBody: '您申请将此地址用于您的 SaveCircle 账户。请确认，今后我们将发送邮件至此地址。',
    changeIgnore: '如果这不是您本人的申请，请忽略此邮件，您的账户不会有任何变化。',
  },
  ar: {
    subject: 'تأكيد عنوان بريدك الإلكتروني',
    greeting: (name) => `مرحبًا ${name}،`,
    body: 'أهلًا بك في SaveCircle! يُرجى تأكيد أن هذا هو عنوان بريدك الإلكتروني، حتى نتمكن من التواصل معك بشأن دوائرك وأموالك.',
    action: 'تأكيد بريدي الإلكتروني',
    expiry: 'يعمل الرابط مرة واحدة فقط وتنتهي صلاحيته خلال 48 ساعة.',
    ignore: 'إذا لم تنشئ حسابًا في SaveCircle، فتجاهل هذه الرسالة.',
    changeBody: 'طلبت استخدام هذا العنوان لحسابك في SaveCircle. أكّده، وسنراسلك عليه من الآن فصاعدًا.',
    changeIgnore: 'إذا لم تطلب ذلك، فتجاهل هذه الرسالة ولن يتغيّر شيء.',
  },
  ko: {
    subject: '이메일 주소를 확인해 주세요',
    greeting: (name) => `${name}님, 안녕하세요.`,
    body: 'SaveCircle에 오신 것을 환영합니다! 모임과 자금에 관한 소식을 전해 드릴 수 있도록 본인의 이메일 주소가 맞는지 확인해 주세요.',
    action: '이메일 확인',
    expiry: '이 링크는 한 번만 사용할 수 있으며 48시간 후에 만료됩니다.',
    ignore: 'SaveCircle 계정을 만들지 않으셨다면 이 이메일을 무시하세요.',
    changeBody:
      'SaveCircle 계정에 이 주소를 사용하겠다고 요청하셨습니다. 확인해 주시면 앞으로 이 주소로 메일을 보내 드립니다.',
    changeIgnore: '요청하지 않으셨다면 이 이메일을 무시하세요. 아무것도 변경되지 않습니다.',
  },
};

export function verifyEmailEmail(
  language: EmailLanguage,
  fullName: string,
  url: string,
  options: { newAddress?: boolean } = {},
): RenderedEmail {
  const w = words[language];
  const change = options.newAddress === true;
  return renderEmail({
    language,
    subject: w.subject,
    greeting: w.greeting(fullName),
    paragraphs: [change ? w.changeBody : w.body],
    action: { label: w.action, url },
    closing: [w.expiry, change ? w.changeIgnore : w.ignore],
  });
}
