import { describe, expect, it } from 'vitest';
import { capturedLog } from '#server/test/log-capture.ts';

describe('the app logger', () => {
  it('redacts credentials wherever a request, a reply or an object carrying them is logged', () => {
    const log = capturedLog();
    log.logger.info(
      {
        req: { headers: { authorization: 'Bearer token-abc', cookie: 'sc_session=token-def' } },
        res: { headers: { 'set-cookie': 'sc_session=token-ghi; HttpOnly' } },
        user: { password: 'pw-jkl', passwordHash: '$argon2id$mno', token: 'token-pqr' },
        sessionId: 'token-stu',
      },
      'something happened',
    );
    const text = log.text();
    for (const secret of [
      'token-abc',
      'token-def',
      'token-ghi',
      'pw-jkl',
      '$argon2id$mno',
      'token-pqr',
      'token-stu',
    ])
      expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });
});
