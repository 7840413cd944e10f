import type { EmailLanguage, Words } from '#server/email/languages.ts';

/**
 * The labels and column headings of the member's CSV files, in the member's language. Only these are
 * translated: amounts stay decimals with a dot, dates ISO, and the codes in the cells (entry type,
 * yes/no, payment method) stay as they are, so a spreadsheet or script reads every language's file alike.
 */
export type CsvWords = {
  period: string;
  lastSixMonths: string;
  generated: string;
  timeZone: string;
  totalContributed: string;
  totalReceived: string;
  net: string;
  contributionsPaid: string;
  paidOnTime: string;
  paidLate: string;
  onTimeRate: string;
  penaltiesPaid: string;
  payoutsReceived: string;
  month: string;
  contributed: string;
  cumulative: string;
  received: string;
  circle: string;
  paidIn: string;
  statement: string;
  date: string;
  type: string;
  cycle: string;
  amount: string;
  late: string;
  method: string;
};

const csvWords: Words<CsvWords> = {
  en: {
    period: 'Period',
    lastSixMonths: 'Last 6 months',
    generated: 'Generated',
    timeZone: 'Time zone',
    totalContributed: 'Total contributed',
    totalReceived: 'Total received',
    net: 'Net',
    contributionsPaid: 'Contributions paid',
    paidOnTime: 'Paid on time',
    paidLate: 'Paid late',
    onTimeRate: 'On-time rate (%)',
    penaltiesPaid: 'Penalties paid',
    payoutsReceived: 'Payouts received',
    month: 'Month',
    contributed: 'Contributed',
    cumulative: 'Cumulative',
    received: 'Received',
    circle: 'Circle',
    paidIn: 'Paid in',
    statement: 'Statement',
    date: 'Date',
    type: 'Type',
    cycle: 'Cycle',
    amount: 'Amount',
    late: 'Late',
    method: 'Method',
  },
  es: {
    period: 'Periodo',
    lastSixMonths: 'Últimos 6 meses',
    generated: 'Generado',
    timeZone: 'Zona horaria',
    totalContributed: 'Total aportado',
    totalReceived: 'Total recibido',
    net: 'Neto',
    contributionsPaid: 'Aportes pagados',
    paidOnTime: 'Pagados a tiempo',
    paidLate: 'Pagados con retraso',
    onTimeRate: 'Pagos puntuales (%)',
    penaltiesPaid: 'Multas pagadas',
    payoutsReceived: 'Pagos recibidos',
    month: 'Mes',
    contributed: 'Aportado',
    cumulative: 'Acumulado',
    received: 'Recibido',
    circle: 'Círculo',
    paidIn: 'Aportado',
    statement: 'Estado de cuenta',
    date: 'Fecha',
    type: 'Tipo',
    cycle: 'Ciclo',
    amount: 'Importe',
    late: 'Con retraso',
    method: 'Método de pago',
  },
  fr: {
    period: 'Période',
    lastSixMonths: '6 derniers mois',
    generated: 'Généré le',
    timeZone: 'Fuseau horaire',
    totalContributed: 'Total cotisé',
    totalReceived: 'Total reçu',
    net: 'Solde net',
    contributionsPaid: 'Cotisations payées',
    paidOnTime: 'Payées à l’heure',
    paidLate: 'Payées en retard',
    onTimeRate: 'Taux de ponctualité (%)',
    penaltiesPaid: 'Pénalités payées',
    payoutsReceived: 'Versements reçus',
    month: 'Mois',
    contributed: 'Cotisé',
    cumulative: 'Cumul',
    received: 'Reçu',
    circle: 'Cercle',
    paidIn: 'Versé',
    statement: 'Relevé',
    date: 'Date',
    type: 'Type',
    cycle: 'Cycle',
    amount: 'Montant',
    late: 'En retard',
    method: 'Moyen de paiement',
  },
  zh: {
    period: '期间',
    lastSixMonths: '最近 6 个月',
    generated: '生成时间',
    timeZone: '时区',
    totalContributed: '缴款总额',
    totalReceived: '收款总额',
    net: '净额',
    contributionsPaid: '已缴款笔数',
    paidOnTime: '按时缴款',
    paidLate: '逾期缴款',
    onTimeRate: '按时缴款率 (%)',
    penaltiesPaid: '已付罚金',
    payoutsReceived: '已收轮值款笔数',
    month: '月份',
    contributed: '缴款',
    cumulative: '累计',
    received: '收到',
    circle: '储蓄圈',
    paidIn: '缴纳',
    statement: '对账单',
    date: '日期',
    type: '类型',
    cycle: '轮次',
    amount: '金额',
    late: '逾期',
    method: '付款方式',
  },
  ar: {
    period: 'الفترة',
    lastSixMonths: 'آخر 6 أشهر',
    generated: 'تاريخ الإنشاء',
    timeZone: 'المنطقة الزمنية',
    totalContributed: 'إجمالي المساهمات',
    totalReceived: 'إجمالي المستلَم',
    net: 'الصافي',
    contributionsPaid: 'المساهمات المدفوعة',
    paidOnTime: 'مدفوعة في الموعد',
    paidLate: 'مدفوعة متأخرة',
    onTimeRate: 'نسبة الدفع في الموعد (%)',
    penaltiesPaid: 'الغرامات المدفوعة',
    payoutsReceived: 'الدفعات المستلَمة',
    month: 'الشهر',
    contributed: 'المساهمات',
    cumulative: 'التراكمي',
    received: 'المستلَم',
    circle: 'الدائرة',
    paidIn: 'المدفوع',
    statement: 'كشف الحساب',
    date: 'التاريخ',
    type: 'النوع',
    cycle: 'الدورة',
    amount: 'المبلغ',
    late: 'متأخرة',
    method: 'طريقة الدفع',
  },
  ko: {
    period: '기간',
    lastSixMonths: '최근 6개월',
    generated: '생성 시각',
    timeZone: '시간대',
    totalContributed: '총 납입액',
    totalReceived: '총 수령액',
    net: '순액',
    contributionsPaid: '납입 건수',
    paidOnTime: '정시 납입',
    paidLate: '연체 납입',
    onTimeRate: '정시 납입률 (%)',
    penaltiesPaid: '납부한 연체료',
    payoutsReceived: '받은 지급금 건수',
    month: '월',
    contributed: '납입액',
    cumulative: '누적액',
    received: '받은 금액',
    circle: '모임',
    paidIn: '납입액',
    statement: '거래 내역서',
    date: '날짜',
    type: '유형',
    cycle: '회차',
    amount: '금액',
    late: '연체',
    method: '결제 수단',
  },
};

export const csvWordsIn = (language: EmailLanguage): CsvWords => csvWords[language];
