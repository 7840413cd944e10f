import { describe, expect, it } from 'vitest';
import { emailLanguages } from '../languages.ts';
import { supportTicketReceivedEmail, supportTicketReplyEmail } from './support-emails.ts';

const ticket = { id: 4821, name: 'Ana <b>', subject: 'Payout & timing' };

describe('support emails', () => {
  it.each(emailLanguages)('name the request number and carry the words in %s', (language) => {
    const received = supportTicketReceivedEmail(language, ticket, 'When is my <payout>?');
    const reply = supportTicketReplyEmail(language, ticket, 'In cycle 3 & no later.');
    for (const mail of [received, reply]) {
      expect(mail.subject).toContain('4821');
      expect(mail.subject).toMatch(/ – SaveCircle$/);
      expect(mail.html).toContain(`lang="${language}"`);
      expect(mail.html).not.toMatch(/unsubscribe/i);
      expect(mail.html).not.toContain('<b>');
    }
    expect(received.text).toContain('When is my <payout>?');
    expect(received.html).toContain('When is my &lt;payout&gt;?');
    expect(reply.text).toContain('In cycle 3 & no later.');
    expect(reply.html).toContain('In cycle 3 &amp; no later.');
    expect(reply.subject).not.toBe(received.subject);
  });
});
