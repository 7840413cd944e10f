import type { Words } from '../languages.ts';
import type { NotificationEmailWords } from './notification-email.ts';

type Reminder = 'payment_due_soon' | 'payment_overdue' | 'payment_reminder';

/** Data: groupName, amount (decimal string), dueDate (YYYY-MM-DD). */
export const paymentReminderWords: Record<Reminder, Words<NotificationEmailWords>> = {
  payment_due_soon: {
    en: {
      subject: (d) => `Your payment to ${d.groupName} is due soon`,
      body: (d) => [`Your contribution of ${d.amount} to ${d.groupName} is due on ${d.dueDate}.`],
      action: 'Open the circle',
    },
    es: {
      subject: (d) => `Tu pago a ${d.groupName} vence pronto`,
      body: (d) => [`Tu aportación de ${d.amount} a ${d.groupName} vence el ${d.dueDate}.`],
      action: 'Abrir el círculo',
    },
    fr: {
      subject: (d) => `Votre paiement pour ${d.groupName} arrive bientôt à échéance`,
      body: (d) => [`Votre contribution de ${d.amount} à ${d.groupName} est due le ${d.dueDate}.`],
      action: 'Ouvrir le cercle',
    },
    zh: {
      subject: (d) => `您在「${d.groupName}」的付款即将到期`,
      body: (d) => [`您应向「${d.groupName}」缴纳的 ${d.amount} 将于 ${d.dueDate} 到期。`],
      action: '打开储蓄圈',
    },
    ar: {
      subject: (d) => `يقترب موعد دفعتك في ${d.groupName}`,
      body: (d) => [`تستحق مساهمتك البالغة ${d.amount} في ${d.groupName} بتاريخ ${d.dueDate}.`],
      action: 'فتح الدائرة',
    },
    ko: {
      subject: (d) => `${d.groupName} 납부 기한이 다가옵니다`,
      body: (d) => [`${d.groupName}에 내실 ${d.amount}의 납부 기한은 ${d.dueDate}입니다.`],
      action: '모임 열기',
    },
  },
  payment_overdue: {
    en: {
      subject: (d) => `Your payment to ${d.groupName} is overdue`,
      body: (d) => [
        `Your contribution of ${d.amount} to ${d.groupName} was due on ${d.dueDate} and has not arrived yet.`,
        'Please pay as soon as you can: the other members are counting on it.',
      ],
      action: 'Pay now',
    },
    es: {
      subject: (d) => `Tu pago a ${d.groupName} está vencido`,
      body: (d) => [
        `Tu aportación de ${d.amount} a ${d.groupName} vencía el ${d.dueDate} y todavía no la hemos recibido.`,
        'Paga en cuanto puedas: los demás miembros cuentan con ella.',
      ],
      action: 'Pagar ahora',
    },
    fr: {
      subject: (d) => `Votre paiement pour ${d.groupName} est en retard`,
      body: (d) => [
        `Votre contribution de ${d.amount} à ${d.groupName} était due le ${d.dueDate} et n’est pas encore arrivée.`,
        'Merci de payer dès que possible : les autres membres comptent dessus.',
      ],
      action: 'Payer maintenant',
    },
    zh: {
      subject: (d) => `您在「${d.groupName}」的付款已逾期`,
      body: (d) => [
        `您应向「${d.groupName}」缴纳的 ${d.amount} 已于 ${d.dueDate} 到期，目前尚未收到。`,
        '请尽快付款，其他成员都在等着这笔钱。',
      ],
      action: '立即付款',
    },
    ar: {
      subject: (d) => `تأخرت دفعتك في ${d.groupName}`,
      body: (d) => [
        `كانت مساهمتك البالغة ${d.amount} في ${d.groupName} مستحقة بتاريخ ${d.dueDate} ولم تصل بعد.`,
        'يُرجى الدفع في أقرب وقت ممكن، فبقية الأعضاء يعتمدون عليها.',
      ],
      action: 'ادفع الآن',
    },
    ko: {
      subject: (d) => `${d.groupName} 납부 기한이 지났습니다`,
      body: (d) => [
        `${d.groupName}에 내실 ${d.amount}의 납부 기한(${d.dueDate})이 지났지만 아직 입금되지 않았습니다.`,
        '다른 회원들이 기다리고 있으니 가능한 한 빨리 납부해 주세요.',
      ],
      action: '지금 납부하기',
    },
  },
  payment_reminder: {
    en: {
      subject: (d) => `A reminder from ${d.groupName}`,
      body: (d) => [
        `The admin of ${d.groupName} reminds you that your contribution of ${d.amount}, due on ${d.dueDate}, is still open.`,
      ],
      action: 'Open the circle',
    },
    es: {
      subject: (d) => `Un recordatorio de ${d.groupName}`,
      body: (d) => [
        `El administrador de ${d.groupName} te recuerda que tu aportación de ${d.amount}, con vencimiento el ${d.dueDate}, sigue pendiente.`,
      ],
      action: 'Abrir el círculo',
    },
    fr: {
      subject: (d) => `Un rappel de ${d.groupName}`,
      body: (d) => [
        `L’administrateur de ${d.groupName} vous rappelle que votre contribution de ${d.amount}, due le ${d.dueDate}, n’est pas encore réglée.`,
      ],
      action: 'Ouvrir le cercle',
    },
    zh: {
      subject: (d) => `来自「${d.groupName}」的提醒`,
      body: (d) => [`「${d.groupName}」的管理员提醒您：您应于 ${d.dueDate} 缴纳的 ${d.amount} 尚未支付。`],
      action: '打开储蓄圈',
    },
    ar: {
      subject: (d) => `تذكير من ${d.groupName}`,
      body: (d) => [
        `يذكّرك مسؤول ${d.groupName} بأن مساهمتك البالغة ${d.amount}، المستحقة بتاريخ ${d.dueDate}، لم تُسدَّد بعد.`,
      ],
      action: 'فتح الدائرة',
    },
    ko: {
      subject: (d) => `${d.groupName}에서 보낸 알림`,
      body: (d) => [
        `${d.groupName} 관리자가 보낸 알림입니다. ${d.dueDate}까지 내셔야 할 납부금(${d.amount})이 아직 납부되지 않았습니다.`,
      ],
      action: '모임 열기',
    },
  },
};
