import { describe, expect, it } from 'vitest';
import { emailLanguages } from '../languages.ts';
import { invitationEmail } from './invitation.ts';

const details = {
  inviterName: 'Ana <b>',
  groupName: 'Market susu',
  contributionCents: 5000,
  memberLimit: 5,
  requireApproval: true,
  days: 7,
};

describe('invitation email', () => {
  it.each(emailLanguages)(
    'in %s: the link, the circle, and no account-holder footer or unsubscribe',
    (language) => {
      const url = 'https://app.example/invitations/abc_DEF-123';
      const mail = invitationEmail(language, details, url);
      expect(mail.subject).toMatch(/ – SaveCircle$/);
      expect(mail.subject).toContain('Market susu');
      expect(mail.text).toContain(url);
      expect(mail.html).toContain(`href="${url}"`);
      expect(mail.html).not.toContain('<b>');
      expect(mail.html).not.toMatch(/unsubscribe/i);
      // The reader may have no account: the security footer ("sent to every account holder") is not theirs.
      expect(mail.text).not.toContain('account holder');
    },
  );
});
