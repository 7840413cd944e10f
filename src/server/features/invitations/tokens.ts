import { randomBytes } from 'node:crypto';
import { INVITATION_TTL_DAYS } from '#shared/schemas/invitations.ts';
import { hashToken } from '../auth/sessions.ts';

const DAY = 86_400_000;

/** 256 random bits in base64url for the link; only its SHA-256 is stored, as for sessions. */
export function newInvitationToken(now: Date) {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY),
  };
}

export { hashToken };

/** The page the link opens: the web app's /invitations/:token. */
export const invitationLink = (base: string, token: string) =>
  `${base}/invitations/${encodeURIComponent(token)}`;
