import { HandCoins, Wallet } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn.ts';
import type { PayoutDelivery } from '#web/lib/group-detail.ts';

/**
 * How the pool reaches the recipient: native radios in a fieldset, so keyboards and screen readers
 * know it. Only the deliveries the server allows now are offered (`allowed`, from the group detail).
 */
export function PayoutDeliveryChoice(props: {
  name: string;
  value: PayoutDelivery;
  onChange: (value: PayoutDelivery) => void;
  allowed: readonly PayoutDelivery[];
}) {
  const { t } = useTranslation('payouts');
  const group = useId();
  const options = [
    {
      value: 'wallet' as const,
      icon: Wallet,
      label: t('dialog.wallet', { name: props.name }),
      hint: t('dialog.walletHint'),
    },
    {
      value: 'off_app' as const,
      icon: HandCoins,
      label: t('dialog.offApp'),
      hint: t('dialog.offAppHint'),
    },
  ].filter((option) => props.allowed.includes(option.value));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium text-slate-800">
        {t('dialog.deliveryLegend', { name: props.name })}
      </legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={cn(
            'flex cursor-pointer items-start gap-3 rounded-xl border border-slate-300 p-3 has-focus-visible:ring-2 has-focus-visible:ring-brand-600',
            props.value === option.value && 'border-brand-600 bg-brand-50',
          )}
        >
          <input
            type="radio"
            name={group}
            value={option.value}
            checked={props.value === option.value}
            onChange={() => props.onChange(option.value)}
            className="mt-0.5 size-4 shrink-0 accent-brand-700"
            aria-describedby={`${group}-${option.value}-hint`}
            data-testid={`delivery-${option.value}`}
          />
          <span className="grid gap-0.5">
            <span className="flex items-center gap-2 text-sm font-medium text-slate-900">
              <option.icon aria-hidden className="size-4 shrink-0 text-brand-700" />
              {option.label}
            </span>
            <span id={`${group}-${option.value}-hint`} className="text-xs text-slate-600">
              {option.hint}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
