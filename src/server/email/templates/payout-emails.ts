import type { Words } from '../languages.ts';
import type { NotificationEmailWords } from './notification-email.ts';

type Payout = 'payout_received' | 'withdrawal_completed' | 'withdrawal_failed';

/** Data: payout_received groupName, amount, cycle; withdrawals amount (and reason when failed). */
export const payoutWords: Record<Payout, Words<NotificationEmailWords>> = {
  payout_received: {
    en: {
      subject: (d) => `You received your payout from ${d.groupName}`,
      body: (d) => [
        `Your payout of ${d.amount} for round ${d.cycle} of ${d.groupName} is in your SaveCircle balance.`,
      ],
      action: 'See my balance',
    },
    es: {
      subject: (d) => `Recibiste tu pago de ${d.groupName}`,
      body: (d) => [
        `Tu pago de ${d.amount} de la ronda ${d.cycle} de ${d.groupName} ya está en tu saldo de SaveCircle.`,
      ],
      action: 'Ver mi saldo',
    },
    fr: {
      subject: (d) => `Vous avez reçu votre versement de ${d.groupName}`,
      body: (d) => [
        `Votre versement de ${d.amount} pour le tour ${d.cycle} de ${d.groupName} est arrivé sur votre solde SaveCircle.`,
      ],
      action: 'Voir mon solde',
    },
    zh: {
      subject: (d) => `您已收到「${d.groupName}」的轮值款项`,
      body: (d) => [`「${d.groupName}」第 ${d.cycle} 轮发给您的 ${d.amount} 已存入您的 SaveCircle 余额。`],
      action: '查看我的余额',
    },
    ar: {
      subject: (d) => `استلمت دفعتك من ${d.groupName}`,
      body: (d) => [
        `أُضيفت دفعتك البالغة ${d.amount} عن الدورة ${d.cycle} في ${d.groupName} إلى رصيدك في SaveCircle.`,
      ],
      action: 'عرض رصيدي',
    },
    ko: {
      subject: (d) => `${d.groupName}에서 지급금을 받았습니다`,
      body: (d) => [`${d.groupName} ${d.cycle}회차 지급금(${d.amount})이 SaveCircle 잔액에 입금되었습니다.`],
      action: '내 잔액 보기',
    },
  },
  withdrawal_completed: {
    en: {
      subject: () => 'Your withdrawal is complete',
      body: (d) => [`Your withdrawal of ${d.amount} has been sent to your bank account.`],
      action: 'See my history',
    },
    es: {
      subject: () => 'Tu retiro se ha completado',
      body: (d) => [`Tu retiro de ${d.amount} se ha enviado a tu cuenta bancaria.`],
      action: 'Ver mi historial',
    },
    fr: {
      subject: () => 'Votre retrait est terminé',
      body: (d) => [`Votre retrait de ${d.amount} a été envoyé sur votre compte bancaire.`],
      action: 'Voir mon historique',
    },
    zh: {
      subject: () => '您的提现已完成',
      body: (d) => [`您提现的 ${d.amount} 已转入您的银行账户。`],
      action: '查看我的记录',
    },
    ar: {
      subject: () => 'اكتمل السحب',
      body: (d) => [`تم إرسال المبلغ الذي سحبته وقدره ${d.amount} إلى حسابك المصرفي.`],
      action: 'عرض السجل',
    },
    ko: {
      subject: () => '출금이 완료되었습니다',
      body: (d) => [`출금하신 금액(${d.amount})이 은행 계좌로 송금되었습니다.`],
      action: '내 내역 보기',
    },
  },
  withdrawal_failed: {
    en: {
      subject: () => 'Your withdrawal did not go through',
      body: (d) => [
        `Your withdrawal of ${d.amount} could not be completed, so the money is back in your SaveCircle balance.`,
        `The bank said: ${d.reason}`,
      ],
      action: 'Try again',
    },
    es: {
      subject: () => 'Tu retiro no se pudo completar',
      body: (d) => [
        `No se pudo completar tu retiro de ${d.amount}, así que el dinero ha vuelto a tu saldo de SaveCircle.`,
        `Respuesta del banco: ${d.reason}`,
      ],
      action: 'Intentarlo de nuevo',
    },
    fr: {
      subject: () => 'Votre retrait n’a pas abouti',
      body: (d) => [
        `Votre retrait de ${d.amount} n’a pas pu être effectué : l’argent est de nouveau sur votre solde SaveCircle.`,
        `Réponse de la banque : ${d.reason}`,
      ],
      action: 'Réessayer',
    },
    zh: {
      subject: () => '您的提现未能完成',
      body: (d) => [
        `您提现的 ${d.amount} 未能完成，这笔钱已退回您的 SaveCircle 余额。`,
        `银行的回复：${d.reason}`,
      ],
      action: '重新提现',
    },
    ar: {
      subject: () => 'لم يكتمل السحب',
      body: (d) => [
        `تعذّر إكمال سحب مبلغ ${d.amount}، لذا أُعيد المبلغ إلى رصيدك في SaveCircle.`,
        `رد البنك: ${d.reason}`,
      ],
      action: 'حاول مرة أخرى',
    },
    ko: {
      subject: () => '출금이 처리되지 않았습니다',
      body: (d) => [
        `${d.amount} 출금을 완료하지 못해 해당 금액이 SaveCircle 잔액으로 반환되었습니다.`,
        `은행 응답: ${d.reason}`,
      ],
      action: '다시 시도하기',
    },
  },
};
