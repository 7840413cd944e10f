import { describe, expect, it } from 'vitest';
import { emailLanguages } from '../languages.ts';
import { monthlyStatementEmail } from './monthly-statement.ts';

const figures = {
  month: 'Oct <2026>',
  contributed: '200.00',
  received: '290.00',
  penalties: '5.00',
  paidCount: 2,
  lateCount: 1,
};

describe('monthly statement email', () => {
  it.each(emailLanguages)('in %s: the figures, the link to turn it off, escaped HTML', (language) => {
    const mail = monthlyStatementEmail(language, 'Ana', figures, 'https://app.example/analytics');
    expect(mail.subject).toMatch(/ – SaveCircle$/);
    for (const figure of ['200.00', '290.00', '5.00']) expect(mail.text).toContain(figure);
    expect(mail.html).toContain('href="https://app.example/analytics"');
    expect(mail.html).toContain('Oct &lt;2026&gt;');
    expect(mail.html).not.toContain('<2026>');
    expect(mail.html).toContain(`lang="${language}"`);
  });
});
