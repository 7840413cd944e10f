/**
 * A cookie that says only "this browser holds a session", readable by the page (the session cookie
 * itself is HttpOnly). Without it the web app knows a visitor is signed out without asking, so a
 * visitor's page load sends no `GET /api/user` to be refused with a 401 in the console. It carries no
 * secret: forging it costs one refused request, after which the server clears it.
 */
export const SIGNED_IN_HINT_COOKIE = 'sc_signed_in';

/** Production adds the `__Host-` prefix, as to the session cookie. */
const HINT = new RegExp(`(?:^|;\\s*)(?:__Host-)?${SIGNED_IN_HINT_COOKIE}=1(?:;|$)`);

export function hasSignedInHint(cookieHeader: string): boolean {
  return HINT.test(cookieHeader);
}
