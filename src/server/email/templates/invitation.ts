import { formatMoney } from '#shared/money.ts';
import type { EmailLanguage, Words } from '../languages.ts';
import { type RenderedEmail, renderEmail } from './layout.ts';

export type InvitationDetails = {
  inviterName: string;
  groupName: string;
  contributionCents: number;
  memberLimit: number;
  requireApproval: boolean;
  days: number;
};

type D = InvitationDetails & { amount: string };

const words: Words<{
  subject: (d: D) => string;
  greeting: string;
  body: (d: D) => string;
  terms: (d: D) => string;
  approval: string;
  action: string;
  expiry: (d: D) => string;
  account: string;
  note: string;
}> = {
  en: {
    subject: (d) => `${d.inviterName} invited you to join ${d.groupName}`,
    greeting: 'Hello,',
    body: (d) =>
      `${d.inviterName} invited you to join the savings circle “${d.groupName}” on SaveCircle. Every member pays the same contribution each cycle, and each cycle one member receives the whole pool.`,
    terms: (d) => `Contribution: ${d.amount} per cycle. Members: ${d.memberLimit}.`,
    approval: 'The circle’s admins review new members: accepting sends them your request to join.',
    action: 'See the invitation',
    expiry: (d) =>
      `The link works once, only for an account with this email address, and expires in ${d.days} days.`,
    account: 'No account yet? Sign up with this email address, then open the link again.',
    note: 'You receive this email because a SaveCircle member invited this address. If you do not know them, ignore it: nothing happens.',
  },
  es: {
    subject: (d) => `${d.inviterName} te invitó a unirte a ${d.groupName}`,
    greeting: 'Hola:',
    body: (d) =>
      `${d.inviterName} te invitó a unirte al círculo de ahorro «${d.groupName}» en SaveCircle. Cada integrante aporta la misma cantidad en cada ciclo y, en cada ciclo, una persona recibe el fondo completo.`,
    terms: (d) => `Aportación: ${d.amount} por ciclo. Integrantes: ${d.memberLimit}.`,
    approval:
      'Los administradores del círculo revisan a los nuevos integrantes: al aceptar, les envías tu solicitud para unirte.',
    action: 'Ver la invitación',
    expiry: (d) =>
      `El enlace solo se puede usar una vez, solo con una cuenta que tenga este correo, y caduca en ${d.days} días.`,
    account: '¿Aún no tienes cuenta? Regístrate con este correo y vuelve a abrir el enlace.',
    note: 'Recibes este correo porque un integrante de SaveCircle invitó a esta dirección. Si no lo conoces, ignóralo: no pasará nada.',
  },
  fr: {
    subject: (d) => `${d.inviterName} vous invite à rejoindre ${d.groupName}`,
    greeting: 'Bonjour,',
    body: (d) =>
      `${d.inviterName} vous invite à rejoindre le cercle d’épargne « ${d.groupName} » sur SaveCircle. Chaque membre verse la même cotisation à chaque cycle, et à chaque cycle un membre reçoit toute la cagnotte.`,
    terms: (d) => `Cotisation : ${d.amount} par cycle. Membres : ${d.memberLimit}.`,
    approval:
      'Les administrateurs du cercle examinent les nouveaux membres : en acceptant, vous leur envoyez votre demande d’adhésion.',
    action: 'Voir l’invitation',
    expiry: (d) =>
      `Le lien ne fonctionne qu’une fois, uniquement avec un compte utilisant cette adresse e-mail, et expire dans ${d.days} jours.`,
    account: 'Pas encore de compte ? Inscrivez-vous avec cette adresse e-mail, puis rouvrez le lien.',
    note: 'Vous recevez cet e-mail parce qu’un membre de SaveCircle a invité cette adresse. Si vous ne le connaissez pas, ignorez-le : rien ne se passera.',
  },
  zh: {
    subject: (d) => `${d.inviterName} 邀请您加入 ${d.groupName}`,
    greeting: '您好：',
    body: (d) =>
      `${d.inviterName} 邀请您加入 SaveCircle 上的储蓄互助会“${d.groupName}”。每位成员每期缴纳相同的金额，每期由一位成员领取全部资金。`,
    terms: (d) => `每期缴纳：${d.amount}。成员人数：${d.memberLimit}。`,
    approval: '该群组的管理员会审核新成员：接受邀请后，您的加入申请将发送给他们。',
    action: '查看邀请',
    expiry: (d) => `该链接仅可使用一次，只能由使用此邮箱地址的账户使用，${d.days} 天后失效。`,
    account: '还没有账户？请用此邮箱地址注册，然后再次打开该链接。',
    note: '您收到此邮件，是因为一位 SaveCircle 成员邀请了此邮箱地址。如果您不认识对方，请忽略此邮件，不会有任何影响。',
  },
  ar: {
    subject: (d) => `دعاك ${d.inviterName} للانضمام إلى ${d.groupName}`,
    greeting: 'مرحبًا،',
    body: (d) =>
      `دعاك ${d.inviterName} للانضمام إلى مجموعة الادخار «${d.groupName}» على SaveCircle. يدفع كل عضو المساهمة نفسها في كل دورة، ويحصل عضو واحد على المبلغ كاملًا في كل دورة.`,
    terms: (d) => `المساهمة: ${d.amount} في كل دورة. عدد الأعضاء: ${d.memberLimit}.`,
    approval: 'يراجع مشرفو المجموعة الأعضاء الجدد: عند قبول الدعوة يصلهم طلب انضمامك.',
    action: 'عرض الدعوة',
    expiry: (d) =>
      `يعمل الرابط مرة واحدة فقط، ولحساب يستخدم عنوان البريد هذا فقط، وتنتهي صلاحيته خلال ${d.days} أيام.`,
    account: 'ليس لديك حساب بعد؟ أنشئ حسابًا بعنوان البريد هذا، ثم افتح الرابط مرة أخرى.',
    note: 'وصلتك هذه الرسالة لأن أحد أعضاء SaveCircle دعا هذا العنوان. إذا كنت لا تعرفه فتجاهلها: لن يحدث شيء.',
  },
  ko: {
    subject: (d) => `${d.inviterName}님이 ${d.groupName}에 초대했습니다`,
    greeting: '안녕하세요.',
    body: (d) =>
      `${d.inviterName}님이 SaveCircle의 저축 모임 “${d.groupName}”에 초대했습니다. 모든 회원이 회차마다 같은 금액을 내고, 회차마다 한 명이 모인 금액 전체를 받습니다.`,
    terms: (d) => `회차별 납입금: ${d.amount}. 회원 수: ${d.memberLimit}명.`,
    approval: '이 모임의 관리자가 새 회원을 검토합니다. 초대를 수락하면 가입 요청이 관리자에게 전달됩니다.',
    action: '초대 보기',
    expiry: (d) =>
      `이 링크는 한 번만, 이 이메일 주소를 쓰는 계정으로만 사용할 수 있으며 ${d.days}일 후에 만료됩니다.`,
    account: '아직 계정이 없나요? 이 이메일 주소로 가입한 후 링크를 다시 여세요.',
    note: 'SaveCircle 회원이 이 주소를 초대했기 때문에 이 이메일을 받으셨습니다. 모르는 사람이라면 무시하셔도 됩니다. 아무 일도 일어나지 않습니다.',
  },
};

/** An invitation to a circle: the link is the only way in, and it works for this address alone. */
export function invitationEmail(
  language: EmailLanguage,
  details: InvitationDetails,
  url: string,
): RenderedEmail {
  const w = words[language];
  const d: D = { ...details, amount: formatMoney(details.contributionCents, language) };
  return renderEmail({
    language,
    subject: w.subject(d),
    greeting: w.greeting,
    paragraphs: [w.body(d), w.terms(d), ...(d.requireApproval ? [w.approval] : [])],
    action: { label: w.action, url },
    closing: [w.expiry(d), w.account],
    note: w.note,
  });
}
