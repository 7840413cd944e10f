import { describe, expect, it } from 'vitest';
import { requestWithdrawalSchema } from '#shared/schemas/withdrawals.ts';
import {
  AMOUNT_RANGE_KEY,
  emptyWithdrawalForm,
  toRequestBody,
  type WithdrawalFormInput,
  withdrawalFormSchema,
  withdrawalPreview,
} from './withdrawal-form-schema.ts';

const form = (values: Partial<WithdrawalFormInput>) => ({ ...emptyWithdrawalForm, ...values });

function messages(values: Partial<WithdrawalFormInput>) {
  const result = withdrawalFormSchema.safeParse(form(values));
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
}

describe('withdrawal form', () => {
  it("asks for a method first, with the spec's message", () => {
    expect(messages({ amount: '25' })).toEqual({ method: 'withdrawalMethodRequired' });
  });

  it("checks the chosen method's range, inclusive, and unreadable amounts against it", () => {
    expect(messages({ method: 'instant', amount: '1' })).toEqual({});
    expect(messages({ method: 'instant', amount: '5000.00' })).toEqual({});
    expect(messages({ method: 'instant', amount: '5000.01' })).toEqual({ amount: AMOUNT_RANGE_KEY });
    expect(messages({ method: 'instant', amount: '0.99' })).toEqual({ amount: AMOUNT_RANGE_KEY });
    expect(messages({ method: 'instant', amount: '' })).toEqual({ amount: AMOUNT_RANGE_KEY });
    expect(messages({ method: 'instant', amount: '12.345' })).toEqual({ amount: AMOUNT_RANGE_KEY });
    expect(messages({ method: 'wire', amount: '99.99', recipientInfo: 'IBAN …' })).toEqual({
      amount: AMOUNT_RANGE_KEY,
    });
  });

  it('wants wire details for a wire and a mailing address for a check, and nothing else for the others', () => {
    expect(messages({ method: 'wire', amount: '150', recipientInfo: '  ' })).toEqual({
      recipientInfo: 'wireDetailsRequired',
    });
    expect(messages({ method: 'check', amount: '30' })).toEqual({ recipientInfo: 'mailingAddressRequired' });
    expect(messages({ method: 'bank_transfer', amount: '30' })).toEqual({});
  });

  it('sends what the shared schema accepts: "25" as "25.00", details or account only where they apply', () => {
    const instant = toRequestBody(
      withdrawalFormSchema.parse(
        form({ method: 'instant', amount: '25', recipientInfo: 'ignored', bankAccountId: '7' }),
      ),
    );
    expect(instant).toEqual({ method: 'instant', amount: '25.00', bankAccountId: 7 });
    const check = toRequestBody(
      withdrawalFormSchema.parse(
        form({ method: 'check', amount: '30.5', recipientInfo: ' 1 Main St ', bankAccountId: '7' }),
      ),
    );
    expect(check).toEqual({ method: 'check', amount: '30.50', recipientInfo: '1 Main St' });
    for (const body of [instant, check]) expect(requestWithdrawalSchema.safeParse(body).success).toBe(true);
  });

  it('previews fee and total with the shared fee rule (instant: 1.5%, at least $0.50)', () => {
    expect(withdrawalPreview('instant', '20')).toEqual({ amountCents: 2000, feeCents: 50, totalCents: 2050 });
    expect(withdrawalPreview('instant', '100')).toEqual({
      amountCents: 10_000,
      feeCents: 150,
      totalCents: 10_150,
    });
    expect(withdrawalPreview('wire', '120')).toEqual({
      amountCents: 12_000,
      feeCents: 1500,
      totalCents: 13_500,
    });
    expect(withdrawalPreview('bank_transfer', '0')).toBeNull();
    expect(withdrawalPreview('check', 'abc')).toBeNull();
  });
});
