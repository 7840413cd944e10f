import { useTranslation } from 'react-i18next';
import { withdrawalRules } from '#shared/withdrawals.ts';
import { ConfirmMoneyDialog } from '#web/components/ui/confirm-money-dialog.tsx';
import { AccountName, MoneyText } from '#web/components/ui/money-text.tsx';
import { useVerifiedAccounts } from './destination-account.tsx';
import { type RequestWithdrawalBody, withdrawalPreview } from './withdrawal-form-schema.ts';

/**
 * Before a withdrawal is sent: the method and how long it takes, where the money goes, the amount,
 * the fee and the total that leaves the wallet. Once sent it is held and paid out; it cannot be
 * called back from the app.
 */
export function ConfirmWithdrawalDialog(props: {
  body: RequestWithdrawalBody | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (body: RequestWithdrawalBody) => void;
}) {
  const { t } = useTranslation('withdrawal');
  const { verified } = useVerifiedAccounts();
  const { body } = props;
  const preview = body ? withdrawalPreview(body.method, body.amount) : null;
  if (!body || !preview) return null;
  const account = verified.find((a) => a.id === body.bankAccountId) ?? verified[0];
  const method = t(`methods.${body.method}.name`);
  const destination = withdrawalRules[body.method].needsBankAccount
    ? account && <AccountName bankName={account.bankName} last4={account.last4} />
    : body.recipientInfo && <span className="whitespace-pre-line break-words">{body.recipientInfo}</span>;

  return (
    <ConfirmMoneyDialog
      open
      onOpenChange={(open) => !open && props.onCancel()}
      title={t('confirmStep.title')}
      question={t('confirmStep.question', { method, speed: t(`methods.${body.method}.speed`) })}
      rows={[
        { label: t('form.method'), value: method },
        ...(destination ? [{ label: t('confirmStep.to'), value: destination }] : []),
        { label: t('preview.amount'), value: <MoneyText amount={preview.amountCents} /> },
        { label: t('preview.fee'), value: <MoneyText amount={preview.feeCents} />, testId: 'confirm-fee' },
        {
          label: t('preview.total'),
          value: <MoneyText amount={preview.totalCents} />,
          total: true,
          testId: 'confirm-total',
        },
      ]}
      consequence={t('confirmStep.final')}
      submitLabel={t('form.submit')}
      pendingLabel={t('form.submitting')}
      pending={props.pending}
      onConfirm={() => props.onConfirm(body)}
      submitTestId="confirm-withdrawal"
    />
  );
}
