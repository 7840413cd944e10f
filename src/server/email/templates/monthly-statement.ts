import type { EmailLanguage, Words } from '../languages.ts';
import { type RenderedEmail, renderEmail } from './layout.ts';

/** What the monthly statement says: the month's own figures, amounts already formatted. */
export type MonthlyStatementFigures = {
  /** 'YYYY-MM' */
  month: string;
  contributed: string;
  received: string;
  penalties: string;
  paidCount: number;
  lateCount: number;
};

const words: Words<{
  subject: (month: string) => string;
  greeting: (name: string) => string;
  intro: (month: string) => string;
  contributed: (amount: string, count: number) => string;
  late: (count: number) => string;
  received: (amount: string) => string;
  penalties: (amount: string) => string;
  action: string;
  why: string;
}> = {
  en: {
    subject: (month) => `Your statement for ${month}`,
    greeting: (name) => `Hello ${name},`,
    intro: (month) => `Here is your SaveCircle statement for ${month}.`,
    contributed: (amount, count) => `Contributed: $${amount} in ${count} payment(s).`,
    late: (count) => `Paid late: ${count}.`,
    received: (amount) => `Payouts received: $${amount}.`,
    penalties: (amount) => `Late penalties paid: $${amount}.`,
    action: 'See your analytics',
    why: 'You get this email because you turned on the monthly statement under Analytics › Reports.',
  },
  es: {
    subject: (month) => `Tu estado de cuenta de ${month}`,
    greeting: (name) => `Hola, ${name}:`,
    intro: (month) => `Este es tu estado de cuenta de SaveCircle de ${month}.`,
    contributed: (amount, count) => `Aportado: $${amount} en ${count} pago(s).`,
    late: (count) => `Pagos con retraso: ${count}.`,
    received: (amount) => `Pagos recibidos: $${amount}.`,
    penalties: (amount) => `Recargos por retraso pagados: $${amount}.`,
    action: 'Ver tus estadísticas',
    why: 'Recibes este correo porque activaste el estado de cuenta mensual en Estadísticas › Informes.',
  },
  fr: {
    subject: (month) => `Votre relevé de ${month}`,
    greeting: (name) => `Bonjour ${name},`,
    intro: (month) => `Voici votre relevé SaveCircle pour ${month}.`,
    contributed: (amount, count) => `Cotisé : ${amount} $ en ${count} paiement(s).`,
    late: (count) => `Payés en retard : ${count}.`,
    received: (amount) => `Versements reçus : ${amount} $.`,
    penalties: (amount) => `Pénalités de retard payées : ${amount} $.`,
    action: 'Voir vos statistiques',
    why: 'Vous recevez cet e-mail parce que vous avez activé le relevé mensuel dans Statistiques › Rapports.',
  },
  zh: {
    subject: (month) => `您 ${month} 的月度对账单`,
    greeting: (name) => `${name}，您好：`,
    intro: (month) => `这是您 ${month} 的 SaveCircle 对账单。`,
    contributed: (amount, count) => `已缴纳：$${amount}，共 ${count} 笔。`,
    late: (count) => `逾期缴纳：${count} 笔。`,
    received: (amount) => `已收到的发放款：$${amount}。`,
    penalties: (amount) => `已缴纳的滞纳金：$${amount}。`,
    action: '查看您的统计分析',
    why: '您收到这封邮件，是因为您在“统计分析 › 报告”中开启了月度对账单。',
  },
  ar: {
    subject: (month) => `كشف حسابك لشهر ${month}`,
    greeting: (name) => `مرحبًا ${name}،`,
    intro: (month) => `إليك كشف حسابك في SaveCircle لشهر ${month}.`,
    contributed: (amount, count) => `المساهمات: ‎$${amount} في ${count} دفعة.`,
    late: (count) => `دفعات متأخرة: ${count}.`,
    received: (amount) => `المبالغ المستلمة: ‎$${amount}.`,
    penalties: (amount) => `غرامات التأخير المدفوعة: ‎$${amount}.`,
    action: 'عرض إحصاءاتك',
    why: 'تصلك هذه الرسالة لأنك فعّلت كشف الحساب الشهري من الإحصاءات › التقارير.',
  },
  ko: {
    subject: (month) => `${month} 월간 명세서`,
    greeting: (name) => `${name}님, 안녕하세요.`,
    intro: (month) => `${month} SaveCircle 명세서를 보내 드립니다.`,
    contributed: (amount, count) => `납입액: $${amount} (${count}건)`,
    late: (count) => `연체 납입: ${count}건`,
    received: (amount) => `받은 지급금: $${amount}`,
    penalties: (amount) => `납부한 연체료: $${amount}`,
    action: '내 분석 보기',
    why: '분석 › 보고서에서 월간 명세서를 켜셨기 때문에 이 이메일을 받으셨습니다.',
  },
};

export function monthlyStatementEmail(
  language: EmailLanguage,
  fullName: string,
  figures: MonthlyStatementFigures,
  analyticsUrl: string,
): RenderedEmail {
  const w = words[language];
  return renderEmail({
    language,
    subject: w.subject(figures.month),
    greeting: w.greeting(fullName),
    paragraphs: [
      w.intro(figures.month),
      w.contributed(figures.contributed, figures.paidCount),
      w.late(figures.lateCount),
      w.received(figures.received),
      w.penalties(figures.penalties),
    ],
    action: { label: w.action, url: analyticsUrl },
    closing: [w.why],
    // Turned off where it was turned on: the Reports tab.
    unsubscribeUrl: analyticsUrl,
  });
}
