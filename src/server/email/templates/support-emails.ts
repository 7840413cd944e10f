import type { EmailLanguage, Words } from '../languages.ts';
import { type RenderedEmail, renderEmail } from './layout.ts';

type SupportWords = {
  greeting: (name: string) => string;
  receivedSubject: (ticket: number) => string;
  received: (ticket: number) => string;
  yourMessage: (subject: string) => string;
  replySubject: (ticket: number, subject: string) => string;
  reply: (subject: string) => string;
  more: string;
  /** Both may reach someone without an account: no "about your account" note. */
  note: string;
};

const words: Words<SupportWords> = {
  en: {
    greeting: (name) => `Hello ${name},`,
    receivedSubject: (ticket) => `We received your message (request #${ticket})`,
    received: (ticket) =>
      `Thank you for writing to SaveCircle support. Your request number is #${ticket}. We answer within 24 hours, by email to this address.`,
    yourMessage: (subject) => `Your message, “${subject}”:`,
    replySubject: (ticket, subject) => `Re: ${subject} (request #${ticket})`,
    reply: (subject) => `Our support team answered your request “${subject}”:`,
    more: 'If you need anything else, send us a new message through the contact page.',
    note: 'You receive this email because this address was entered in the SaveCircle contact form.',
  },
  es: {
    greeting: (name) => `Hola, ${name}:`,
    receivedSubject: (ticket) => `Recibimos tu mensaje (solicitud n.º ${ticket})`,
    received: (ticket) =>
      `Gracias por escribir al soporte de SaveCircle. El número de tu solicitud es ${ticket}. Respondemos en menos de 24 horas, por correo a esta dirección.`,
    yourMessage: (subject) => `Tu mensaje, «${subject}»:`,
    replySubject: (ticket, subject) => `Re: ${subject} (solicitud n.º ${ticket})`,
    reply: (subject) => `Nuestro equipo de soporte respondió a tu solicitud «${subject}»:`,
    more: 'Si necesitas algo más, envíanos un mensaje nuevo desde la página de contacto.',
    note: 'Recibes este correo porque esta dirección se indicó en el formulario de contacto de SaveCircle.',
  },
  fr: {
    greeting: (name) => `Bonjour ${name},`,
    receivedSubject: (ticket) => `Nous avons bien reçu votre message (demande nº ${ticket})`,
    received: (ticket) =>
      `Merci d’avoir écrit à l’assistance SaveCircle. Votre numéro de demande est le ${ticket}. Nous répondons sous 24 heures, par e-mail à cette adresse.`,
    yourMessage: (subject) => `Votre message, « ${subject} » :`,
    replySubject: (ticket, subject) => `Re : ${subject} (demande nº ${ticket})`,
    reply: (subject) => `Notre équipe d’assistance a répondu à votre demande « ${subject} » :`,
    more: 'Pour toute autre question, envoyez-nous un nouveau message depuis la page de contact.',
    note: 'Vous recevez cet e-mail car cette adresse a été saisie dans le formulaire de contact de SaveCircle.',
  },
  zh: {
    greeting: (name) => `${name}，您好：`,
    receivedSubject: (ticket) => `我们已收到您的留言（请求编号 #${ticket}）`,
    received: (ticket) =>
      `感谢您联系 SaveCircle 客服。您的请求编号为 #${ticket}。我们会在 24 小时内通过电子邮件回复到此地址。`,
    yourMessage: (subject) => `您的留言“${subject}”：`,
    replySubject: (ticket, subject) => `回复：${subject}（请求编号 #${ticket}）`,
    reply: (subject) => `我们的客服团队已回复您的请求“${subject}”：`,
    more: '如需其他帮助，请通过联系页面再给我们发送一条新留言。',
    note: '您收到此邮件，是因为有人在 SaveCircle 联系表单中填写了此邮箱地址。',
  },
  ar: {
    greeting: (name) => `مرحبًا ${name}،`,
    receivedSubject: (ticket) => `استلمنا رسالتك (الطلب رقم ${ticket})`,
    received: (ticket) =>
      `شكرًا لتواصلك مع دعم SaveCircle. رقم طلبك هو ${ticket}. نرد خلال 24 ساعة عبر البريد الإلكتروني إلى هذا العنوان.`,
    yourMessage: (subject) => `رسالتك «${subject}»:`,
    replySubject: (ticket, subject) => `رد: ${subject} (الطلب رقم ${ticket})`,
    reply: (subject) => `ردّ فريق الدعم على طلبك «${subject}»:`,
    more: 'إذا احتجت إلى أي شيء آخر، فأرسل إلينا رسالة جديدة من صفحة التواصل.',
    note: 'وصلتك هذه الرسالة لأن هذا العنوان أُدخل في نموذج التواصل في SaveCircle.',
  },
  ko: {
    greeting: (name) => `${name}님, 안녕하세요.`,
    receivedSubject: (ticket) => `문의가 접수되었습니다 (문의 번호 #${ticket})`,
    received: (ticket) =>
      `SaveCircle 고객지원팀에 문의해 주셔서 감사합니다. 문의 번호는 #${ticket}입니다. 24시간 이내에 이 주소로 이메일 답변을 드립니다.`,
    yourMessage: (subject) => `보내신 문의 "${subject}":`,
    replySubject: (ticket, subject) => `답변: ${subject} (문의 번호 #${ticket})`,
    reply: (subject) => `고객지원팀이 "${subject}" 문의에 답변했습니다:`,
    more: '더 필요한 것이 있으면 문의하기 페이지에서 새 메시지를 보내 주세요.',
    note: 'SaveCircle 문의 양식에 이 이메일 주소가 입력되어 이 메일을 받으셨습니다.',
  },
};

export type SupportEmailTicket = { id: number; name: string; subject: string };

/** The acknowledgement of a contact-form message, with a copy of what was sent. */
export function supportTicketReceivedEmail(
  language: EmailLanguage,
  ticket: SupportEmailTicket,
  message: string,
): RenderedEmail {
  const w = words[language];
  return renderEmail({
    language,
    subject: w.receivedSubject(ticket.id),
    greeting: w.greeting(ticket.name),
    paragraphs: [w.received(ticket.id), w.yourMessage(ticket.subject), message],
    note: w.note,
  });
}

/** An operator's answer, sent to the address the ticket came from. */
export function supportTicketReplyEmail(
  language: EmailLanguage,
  ticket: SupportEmailTicket,
  answer: string,
): RenderedEmail {
  const w = words[language];
  return renderEmail({
    language,
    subject: w.replySubject(ticket.id, ticket.subject),
    greeting: w.greeting(ticket.name),
    paragraphs: [w.reply(ticket.subject), answer],
    closing: [w.more],
    note: w.note,
  });
}
