import type { PublicUser } from '#shared/schemas/auth.ts';
import type { SessionUser } from './sessions.ts';

/**
 * One per session user: the session cache shares a frozen SessionUser between the requests it answers,
 * so each `GET /api/user` need not copy it and write its date again (issue 18).
 */
const madeFor = new WeakMap<SessionUser, Readonly<PublicUser>>();

/** Only what the user may see of their own record: never the password hash. */
export function toPublicUser(user: SessionUser): Readonly<PublicUser> {
  let made = madeFor.get(user);
  if (!made) {
    made = Object.freeze({
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
    });
    madeFor.set(user, made);
  }
  return made;
}
