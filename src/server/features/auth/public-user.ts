import type { PublicUser } from '#shared/schemas/auth.ts';
import type { SessionUser } from './sessions.ts';

/** Only what the user may see of their own record: never the password hash. */
export function toPublicUser(user: SessionUser): PublicUser {
  return {
    id: user.id,
    username: user.username,
    fullName: user.fullName,
    email: user.email,
    bankAccountLast4: user.bankAccountLast4,
    bankAccountVerified: user.bankAccountVerified,
    isOperator: user.isOperator,
    emailVerified: user.emailVerifiedAt !== null,
    language: user.language,
    timeZone: user.timeZone,
    createdAt: user.createdAt.toISOString(),
  };
}
