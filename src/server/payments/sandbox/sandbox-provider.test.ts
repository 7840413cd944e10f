import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { AppError } from '#server/core/errors.ts';
import { SANDBOX_TEST_ROUTING_NUMBER } from '#shared/bank.ts';
import { bankAccountFingerprint } from '../fingerprint.ts';
import { createPaymentProvider, type ProviderBankAccount } from '../provider.ts';
import { drawMicroDeposits, SandboxProvider } from './sandbox-provider.ts';

const seed = process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {};
const payments = loadConfig({ NODE_ENV: 'test' }).payments;
const sandbox = new SandboxProvider(payments);
const holder = {
  fullName: 'Test Person',
  email: 'test@example.org',
  ipAddress: '127.0.0.1',
  userAgent: 'vitest',
};

async function linkedAccount(accountNumber: string): Promise<ProviderBankAccount> {
  const linked = await sandbox.completeBankLink({
    providerRef: 'sbx_fcsess_test',
    userId: 1,
    holder,
    details: {
      bankName: 'Test Bank',
      routingNumber: SANDBOX_TEST_ROUTING_NUMBER,
      accountNumber,
      accountType: 'checking',
    },
  });
  if (linked.verification.method !== 'micro_deposits') throw new Error('expected micro-deposits');
  return {
    providerRef: linked.providerRef,
    providerData: linked.providerData,
    microDepositsCents: linked.verification.amountsCents,
  };
}

describe('choosing the provider', () => {
  it('runs the sandbox unless STRIPE_SECRET_KEY is set', () => {
    expect(createPaymentProvider(payments).info).toEqual({
      name: 'sandbox',
      label: 'Sandbox: no real money moves',
      movesRealMoney: false,
      payoutMethods: ['bank_transfer', 'instant', 'wire', 'check'],
    });
  });

  it('requires a fingerprint secret in production and derives a stable one elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/BANK_FINGERPRINT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', BANK_FINGERPRINT_SECRET: 'short' })).toThrow();
    const secret = 'a'.repeat(40);
    expect(
      loadConfig({ NODE_ENV: 'production', BANK_FINGERPRINT_SECRET: secret }).payments.fingerprintSecret,
    ).toBe(secret);
    expect(loadConfig({}).payments.fingerprintSecret).toBe(loadConfig({}).payments.fingerprintSecret);
  });
});

describe('fingerprints', () => {
  it('are the same for the same account and differ by routing number, account number and secret', () => {
    const base = bankAccountFingerprint('s1', '110000000', '000123456789');
    expect(bankAccountFingerprint('s1', '110000000', '000123456789')).toBe(base);
    expect(bankAccountFingerprint('s1', '021000021', '000123456789')).not.toBe(base);
    expect(bankAccountFingerprint('s1', '110000000', '000123456788')).not.toBe(base);
    expect(bankAccountFingerprint('s2', '110000000', '000123456789')).not.toBe(base);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the sandbox provider', () => {
  it('draws two different micro-deposits of 1 to 99 cents', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 99 }), { minLength: 2, maxLength: 20 }), (draws) => {
        let i = 0;
        // A scripted draw; once the script runs out it counts up so the loop always ends.
        const pair = drawMicroDeposits(() => draws[i++] ?? 1 + (i % 99));
        expect(pair[0]).not.toBe(pair[1]);
        for (const cents of pair) expect(cents >= 1 && cents <= 99).toBe(true);
      }),
      seed,
    );
  });

  it('keeps only the last four digits and declines the link-failing test account', async () => {
    const linked = await sandbox.completeBankLink({
      providerRef: 'sbx_fcsess_test',
      userId: 1,
      holder,
      details: {
        bankName: 'Test Bank',
        routingNumber: SANDBOX_TEST_ROUTING_NUMBER,
        accountNumber: '000123456789',
        accountType: 'savings',
      },
    });
    expect(JSON.stringify(linked)).not.toContain('000123456789');
    expect(linked.last4).toBe('6789');
    await expect(linkedAccount('000222222227')).rejects.toMatchObject({ code: 'BANK_LINK_DECLINED' });
    await expect(
      sandbox.completeBankLink({ providerRef: 'x', userId: 1, holder, details: undefined }),
    ).rejects.toBeInstanceOf(AppError);
  });

  it('settles debits after the delay and fails them for the insufficient-funds test account', async () => {
    const good = await linkedAccount('000123456789');
    const poor = await linkedAccount('000111111113');
    const input = { idempotencyKey: 'contribution-7', amountCents: 10_000, description: 'Cycle 1' };
    const ok = await sandbox.createDebit({ ...input, account: good });
    expect(ok.status).toBe('pending');
    expect(ok.simulatedOutcome).toEqual({
      event: { type: 'debit.succeeded', providerRef: ok.providerRef },
      afterMs: 60_000,
    });
    // One key, one debit at the processor.
    expect((await sandbox.createDebit({ ...input, account: good })).providerRef).toBe(ok.providerRef);
    const failed = await sandbox.createDebit({ ...input, account: poor });
    expect(failed.simulatedOutcome?.event).toMatchObject({
      type: 'debit.failed',
      failureCode: 'insufficient_funds',
    });
  });

  it('fails payouts to the closed test account only', async () => {
    const input = {
      idempotencyKey: 'withdrawal-1',
      amountCents: 5_000,
      description: 'Withdrawal',
      method: 'bank_transfer' as const,
      recipientInfo: null,
    };
    const paid = await sandbox.createPayout({ ...input, account: await linkedAccount('000123456789') });
    expect(paid.simulatedOutcome?.event.type).toBe('payout.paid');
    const closed = await sandbox.createPayout({ ...input, account: await linkedAccount('000333333335') });
    expect(closed.simulatedOutcome?.event).toMatchObject({
      type: 'payout.failed',
      failureCode: 'account_closed',
    });
  });

  it('checks micro-deposits in either order and refuses webhooks', async () => {
    const account = await linkedAccount('000123456789');
    const [a, b] = account.microDepositsCents!;
    expect(await sandbox.verifyMicroDeposits({ account, amountsCents: [b, a] })).toBe(true);
    expect(await sandbox.verifyMicroDeposits({ account, amountsCents: [a, a] })).toBe(false);
    expect(() => sandbox.parseWebhook()).toThrow(AppError);
  });
});
