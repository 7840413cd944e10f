import { z } from 'zod';
import { SUPPORT_PERIODS } from './support.ts';

/**
 * The product events kept in our own database (issue 15, decision 0036): the spec's analytics list,
 * with newsletter sign-up for its "email signup". Only these names are stored, with ids, never text.
 */
export const PRODUCT_EVENT_NAMES = [
  'sign_up',
  'login',
  'create_group',
  'join_group',
  'contribution',
  'referral_share',
  'newsletter_signup',
  'view_pricing',
  'begin_onboarding',
] as const;
export type ProductEventName = (typeof PRODUCT_EVENT_NAMES)[number];

/** The events only the browser sees; the server records the others where the action happens. */
export const BROWSER_EVENT_NAMES = ['referral_share', 'view_pricing', 'begin_onboarding'] as const;
export type BrowserEventName = (typeof BROWSER_EVENT_NAMES)[number];

/** What POST /api/events takes: the name and nothing else (the user comes from the session). */
export const browserEventSchema = z.strictObject({
  name: z.enum(BROWSER_EVENT_NAMES, { error: 'invalidInput' }),
});
export type BrowserEvent = z.infer<typeof browserEventSchema>;

/** An empty 204 reply. */
export const noContentReply = z.null();

/** The funnel's periods: the support desk's selector (spec 001 §2.6). */
export const FUNNEL_PERIODS = SUPPORT_PERIODS;
export type FunnelPeriod = (typeof FUNNEL_PERIODS)[number];
export const funnelQuerySchema = z.strictObject({
  period: z.enum(FUNNEL_PERIODS, { error: 'invalidInput' }).default('month'),
});

/** The funnel's steps, in order: each counts people who also reached the ones before it. */
export const FUNNEL_STEPS = ['signed_up', 'joined_circle', 'first_contribution'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const funnelReply = z.object({
  period: z.enum(FUNNEL_PERIODS),
  /** The period is the `days` before `until`; the previous one the same length before it. */
  days: z.number().int(),
  since: z.string(),
  until: z.string(),
  /** Every event name with its count in the period and in the previous one. */
  events: z.array(
    z.object({ name: z.enum(PRODUCT_EVENT_NAMES), count: z.number().int(), previous: z.number().int() }),
  ),
  /**
   * People who signed up in the period, and how many of them went on (at any time since) to create or
   * join a circle, then to pay a first contribution. `conversion` is the share of the step before
   * (null for the first step or when the step before has nobody), `ofSignUps` the share of sign-ups.
   */
  steps: z.array(
    z.object({
      step: z.enum(FUNNEL_STEPS),
      users: z.number().int(),
      conversion: z.number().nullable(),
      ofSignUps: z.number().nullable(),
    }),
  ),
});
export type Funnel = z.infer<typeof funnelReply>;
