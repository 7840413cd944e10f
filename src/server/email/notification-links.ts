import type { Config } from '#server/config.ts';

/**
 * What links in notification emails need, set once at start-up (buildApp, startAppJobs) so that
 * notify() can write them without every caller threading the app context through. Never a request's
 * Host: these mails are written by jobs as often as by requests.
 */
export type EmailLinkSettings = { publicUrl: string; unsubscribeSecret: string };

let settings: EmailLinkSettings | null = null;

export function configureEmailLinks(config: Config) {
  settings = {
    publicUrl: config.email.publicUrl ?? `http://localhost:${config.port}`,
    unsubscribeSecret: config.payments.fingerprintSecret,
  };
}

/** Null before start-up configured them: notification emails are then not written. */
export const emailLinkSettings = () => settings;
