import { describe, expect, it } from 'vitest';
import { emailLanguage, emailLanguages } from '../languages.ts';
import { escapeHtml, renderEmail } from './layout.ts';
import { passwordChangedEmail } from './password-changed.ts';
import { passwordResetEmail } from './password-reset.ts';
import { verifyEmailEmail } from './verify-email.ts';

const templates = [passwordResetEmail, passwordChangedEmail, verifyEmailEmail];

describe('email templates', () => {
  it.each(emailLanguages)(
    'write every kind in %s, with the product name and the link in both parts',
    (language) => {
      const subjects = new Set<string>();
      for (const template of templates) {
        const mail = template(language, 'Ana', 'https://app.example/x?token=abc');
        expect(mail.subject).toMatch(/ – SaveCircle$/);
        expect(mail.text).toContain('https://app.example/x?token=abc');
        expect(mail.html).toContain('href="https://app.example/x?token=abc"');
        expect(mail.html).toContain(`lang="${language}"`);
        // Security mail: no unsubscribe link.
        expect(mail.html).not.toMatch(/unsubscribe/i);
        subjects.add(mail.subject);
      }
      expect(subjects.size).toBe(templates.length);
    },
  );

  it('escapes a name and a link in the HTML', () => {
    const mail = passwordResetEmail(
      'en',
      '<img src=x onerror=alert(1)> & "Bo"',
      'https://a.example/?a=1&b="2"',
    );
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Bo&quot;');
    expect(mail.html).toContain('href="https://a.example/?a=1&amp;b=&quot;2&quot;"');
    expect(mail.text).toContain('<img src=x onerror=alert(1)>');
    expect(escapeHtml(`'`)).toBe('&#39;');
  });

  it('gives other mail an unsubscribe link and right-to-left HTML in Arabic', () => {
    const mail = renderEmail({
      language: 'ar',
      subject: 'تذكير',
      greeting: 'مرحبًا',
      paragraphs: ['نص'],
      unsubscribeUrl: 'https://app.example/settings',
    });
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('href="https://app.example/settings"');
    expect(mail.text).toContain('https://app.example/settings');
  });

  it('reads an unknown language as English', () => {
    expect(emailLanguage('pt-BR')).toBe('en');
    expect(emailLanguage('ko-KR')).toBe('ko');
    expect(emailLanguage(null)).toBe('en');
  });
});
