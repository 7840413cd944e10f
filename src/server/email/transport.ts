import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailConfig } from '#server/config.ts';

const transports = new Map<string, Transporter>();

/** One nodemailer transport per SMTP URL, kept for the process: short timeouts, so a dead server fails an attempt. */
export function smtpTransport(config: Required<Pick<EmailConfig, 'smtpUrl'>>): Transporter {
  let transport = transports.get(config.smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    transports.set(config.smtpUrl, transport);
  }
  return transport;
}

/** The domain of the From address: Message-IDs are made of the send key and it. */
export function messageIdDomain(mailFrom: string): string {
  return /@([^\s<>@]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'savecircle.invalid';
}

/** An SMTP failure as an operator may read it: no credentials (a URL's user:password is cut out), bounded. */
export function smtpErrorText(error: unknown): string {
  const e = error as { message?: string; code?: string; responseCode?: number };
  const message = String(e?.message ?? error)
    .replace(/\/\/[^/\s@]*@/g, '//')
    .slice(0, 500);
  return [e?.code, e?.responseCode, message].filter((part) => part !== undefined && part !== '').join(' ');
}
