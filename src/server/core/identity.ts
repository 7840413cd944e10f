import type { FastifyRequest } from 'fastify';
import { users } from '#server/db/schema.ts';
import { AppError } from './errors.ts';

/** The user columns a request may know: never the password hash. */
export const sessionUserColumns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  email: users.email,
  bankAccountLast4: users.bankAccountLast4,
  bankAccountVerified: users.bankAccountVerified,
  isOperator: users.isOperator,
  language: users.language,
  timeZone: users.timeZone,
  emailVerifiedAt: users.emailVerifiedAt,
  createdAt: users.createdAt,
};

/** What a request knows about its signed-in user: never the password hash. */
export type SessionUser = { [K in keyof typeof sessionUserColumns]: (typeof users.$inferSelect)[K] };

/** The user a route behind sign-in serves; requireSignInByDefault has already refused everyone else. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}

/** The signed-in operator a system page serves; anyone else is refused (403). */
export function signedInOperator(request: FastifyRequest): SessionUser {
  const user = signedInUser(request);
  if (!user.isOperator) throw new AppError('FORBIDDEN');
  return user;
}
