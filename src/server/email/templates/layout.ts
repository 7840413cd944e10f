import { type EmailLanguage, rightToLeft, type Words } from '../languages.ts';

export const PRODUCT_NAME = 'SaveCircle';

/** What a template produces: the three parts every email has. */
export type RenderedEmail = { subject: string; text: string; html: string };

/** Everything that goes into an HTML email from outside the template's own words passes through here. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const footer: Words<{ security: string; unsubscribe: string }> = {
  en: {
    security: 'This is a security message about your SaveCircle account, sent to every account holder.',
    unsubscribe: 'Stop these emails',
  },
  es: {
    security:
      'Este es un mensaje de seguridad sobre tu cuenta de SaveCircle; se envía a todos los titulares de cuenta.',
    unsubscribe: 'Dejar de recibir estos correos',
  },
  fr: {
    security:
      'Ceci est un message de sécurité concernant votre compte SaveCircle, envoyé à tous les titulaires de compte.',
    unsubscribe: 'Ne plus recevoir ces e-mails',
  },
  zh: {
    security: '这是一封关于您 SaveCircle 账户的安全通知，所有账户持有人都会收到。',
    unsubscribe: '不再接收此类邮件',
  },
  ar: {
    security: 'هذه رسالة أمان تخص حسابك في SaveCircle، وتُرسل إلى جميع أصحاب الحسابات.',
    unsubscribe: 'إيقاف هذه الرسائل',
  },
  ko: {
    security: 'SaveCircle 계정에 관한 보안 안내로, 모든 계정 소유자에게 발송됩니다.',
    unsubscribe: '이 이메일 수신 거부',
  },
};

export type EmailContent = {
  language: EmailLanguage;
  subject: string;
  greeting: string;
  /** Plain sentences; escaped into the HTML. */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Sentences after the button (e.g. "if you did not ask for this"). */
  closing?: string[];
  /**
   * Security mail (reset, verification, password changed) always goes out and has no unsubscribe
   * link; any other kind passes the page where it can be turned off.
   */
  unsubscribeUrl?: string;
  /**
   * Replaces the security note for mail that must go out but may reach someone without an account
   * (an invitation), where "about your account" would not be true.
   */
  note?: string;
};

/** Builds the subject, plain text and HTML of one email from its words; nothing enters the HTML unescaped. */
export function renderEmail(content: EmailContent): RenderedEmail {
  const { language, action, unsubscribeUrl } = content;
  const closing = content.closing ?? [];
  const note = unsubscribeUrl ? null : (content.note ?? footer[language].security);
  const subject = `${content.subject} – ${PRODUCT_NAME}`;

  const textParts = [content.greeting, ...content.paragraphs];
  if (action) textParts.push(`${action.label}:\n${action.url}`);
  textParts.push(...closing, `— ${PRODUCT_NAME}`);
  if (note) textParts.push(note);
  if (unsubscribeUrl) textParts.push(`${footer[language].unsubscribe}: ${unsubscribeUrl}`);
  const text = `${textParts.join('\n\n')}\n`;

  const p = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555555;word-break:break-all">${escapeHtml(action.url)}</p>`
    : '';
  const small = (inner: string) => `<p style="margin:24px 0 0;font-size:12px;color:#666666">${inner}</p>`;
  const dir = rightToLeft(language) ? 'rtl' : 'ltr';
  const html = [
    '<!doctype html>',
    `<html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917">`,
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:32px;border-radius:8px">',
    `<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#0f766e">${PRODUCT_NAME}</p>`,
    p(content.greeting),
    ...content.paragraphs.map(p),
    button,
    ...closing.map(p),
    note ? small(escapeHtml(note)) : '',
    unsubscribeUrl
      ? small(`<a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(footer[language].unsubscribe)}</a>`)
      : '',
    '</div></body></html>',
  ].join('\n');
  return { subject, text, html };
}
