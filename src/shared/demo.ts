/** The demo account seeded on start and named by the sign-in page's hint. Demo data only. */
export const DEMO_USER = {
  username: 'demo',
  password: 'circle-demo-2026',
  email: 'demo@savecircle.app',
  fullName: 'Amara Okafor',
} as const;
