import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { SANDBOX_TEST_DOCUMENTS } from '#shared/identity.ts';
import { identityOutcome, identitySessionOwner, newIdentitySessionRef } from './identity-sessions.ts';
import { SandboxProvider } from './sandbox-provider.ts';

const payments = loadConfig({ NODE_ENV: 'test' }).payments;

describe('sandbox identity sessions', () => {
  it('opens a session on its own hosted page, bound to the person', async () => {
    const started = await new SandboxProvider(payments).createIdentityVerification({ userId: 42 });
    expect(started.url).toBe(`/sandbox/identity?session=${started.providerRef}`);
    expect(started.simulatedOutcome).toBeUndefined();
    expect(identitySessionOwner(payments.fingerprintSecret, started.providerRef)).toBe(42);
  });

  it('refuses a reference made with another key, for someone else, or tampered with', () => {
    const ref = newIdentitySessionRef('key-one', 7);
    expect(identitySessionOwner('key-one', ref)).toBe(7);
    expect(identitySessionOwner('key-two', ref)).toBeNull();
    expect(identitySessionOwner('key-one', ref.replace('sbx_idv_7_', 'sbx_idv_8_'))).toBeNull();
    const flipped = ref.slice(0, -1) + (ref.endsWith('0') ? '1' : '0');
    expect(identitySessionOwner('key-one', flipped)).toBeNull();
    expect(identitySessionOwner('key-one', 'sbx_idv_7')).toBeNull();
    expect(newIdentitySessionRef('key-one', 7)).not.toBe(ref);
  });

  it('decides outcomes by the documented test document numbers', () => {
    const outcomes = SANDBOX_TEST_DOCUMENTS.map((d) => identityOutcome('ref', d.documentNumber));
    expect(outcomes).toEqual([
      { type: 'identity.verified', providerRef: 'ref' },
      {
        type: 'identity.failed',
        providerRef: 'ref',
        failureCode: 'document_expired',
        failureMessage: 'The document has expired (sandbox test document)',
      },
      {
        type: 'identity.failed',
        providerRef: 'ref',
        failureCode: 'document_unverified_other',
        failureMessage: 'The document could not be verified (sandbox test document)',
      },
    ]);
    expect(identityOutcome('ref', 'X1234567')).toEqual({ type: 'identity.verified', providerRef: 'ref' });
  });
});
