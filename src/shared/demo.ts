/** The demo account seeded on start and named by the sign-in page's hint. Demo data only. */
export const DEMO_USER = {
  username: 'demo',
  password: 'circle-demo-2026',
  email: 'demo@savecircle.app',
  fullName: 'Amara Okafor',
} as const;

/** The demo's operator account (README): the system dashboard and /metrics' figures. Demo data only. */
export const DEMO_OPERATOR = {
  username: 'operator',
  password: 'circle-operator-2026',
  email: 'operator@savecircle.app',
  fullName: 'Noor Haddad',
} as const;
