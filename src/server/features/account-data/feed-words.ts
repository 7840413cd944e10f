import { formatMoney } from '#shared/money.ts';
import type { FeedEvent } from './feed-events.ts';

type Words = {
  calendarName: string;
  due: (circle: string) => string;
  payout: (circle: string) => string;
  detail: (cycle: number, amount: string, zone: string) => string;
};

/** The feed speaks the user's language (users.language), as their emails do. */
const words: Record<string, Words> = {
  en: {
    calendarName: 'SaveCircle',
    due: (c) => `Contribution due – ${c}`,
    payout: (c) => `Your payout – ${c}`,
    detail: (n, a, z) => `Cycle ${n}: ${a}. Dates follow the circle's time zone (${z}).`,
  },
  es: {
    calendarName: 'SaveCircle',
    due: (c) => `Vence tu aporte – ${c}`,
    payout: (c) => `Recibes tu pago – ${c}`,
    detail: (n, a, z) => `Ciclo ${n}: ${a}. Las fechas siguen la zona horaria del círculo (${z}).`,
  },
  fr: {
    calendarName: 'SaveCircle',
    due: (c) => `Cotisation à verser – ${c}`,
    payout: (c) => `Votre versement – ${c}`,
    detail: (n, a, z) => `Cycle ${n} : ${a}. Les dates suivent le fuseau horaire du cercle (${z}).`,
  },
  zh: {
    calendarName: 'SaveCircle',
    due: (c) => `应缴会款 – ${c}`,
    payout: (c) => `您的收款日 – ${c}`,
    detail: (n, a, z) => `第 ${n} 期：${a}。日期以该互助圈的时区（${z}）为准。`,
  },
  ar: {
    calendarName: 'SaveCircle',
    due: (c) => `موعد سداد المساهمة – ${c}`,
    payout: (c) => `موعد استلام دفعتك – ${c}`,
    detail: (n, a, z) => `الدورة ${n}: ${a}. التواريخ حسب المنطقة الزمنية للدائرة (${z}).`,
  },
  ko: {
    calendarName: 'SaveCircle',
    due: (c) => `납입일 – ${c}`,
    payout: (c) => `지급 받는 날 – ${c}`,
    detail: (n, a, z) => `${n}회차: ${a}. 날짜는 모임의 시간대(${z}) 기준입니다.`,
  },
};

export function feedWords(language: string): Words {
  return words[language] ?? words.en!;
}

export function eventText(event: FeedEvent, language: string) {
  const w = feedWords(language);
  const amount = formatMoney(event.amountCents, language);
  return {
    summary: event.kind === 'due' ? w.due(event.groupName) : w.payout(event.groupName),
    description: w.detail(event.cycle, amount, event.timeZone),
  };
}
