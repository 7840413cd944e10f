import { Building2, Landmark, Mail, Zap } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type WithdrawalMethod, withdrawalMethods } from '#shared/withdrawals.ts';
import { FieldError } from '#web/components/ui/input.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { cn } from '#web/lib/cn.ts';
import { useMethodText } from './method-text.ts';

export const methodIcons = { bank_transfer: Landmark, instant: Zap, wire: Building2, check: Mail } as const;

/**
 * The methods the payment processor pays out (the sandbox: all four) as radio cards: name, speed,
 * fee and range, so the choice needs no second look.
 */
export function MethodPicker(props: {
  /** Undefined while the processor is not known yet. */
  methods: readonly WithdrawalMethod[] | undefined;
  field: UseFormRegisterReturn<'method'>;
  selected: WithdrawalMethod | '';
  error?: string;
}) {
  const { t } = useTranslation('withdrawal');
  const text = useMethodText();
  return (
    <fieldset className="grid gap-2" aria-describedby={props.error ? 'withdrawal-method-error' : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('form.method')}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {!props.methods && [0, 1].map((i) => <Skeleton key={i} className="h-20 w-full" />)}
        {props.methods?.map((method) => {
          const Icon = methodIcons[method];
          const about = text(method);
          const checked = props.selected === method;
          return (
            <label
              key={method}
              className={cn(
                'flex cursor-pointer gap-3 rounded-xl border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
                checked ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white hover:border-slate-300',
              )}
              data-testid={`method-${method}`}
            >
              <input type="radio" value={method} className="sr-only" {...props.field} />
              <span
                className={cn(
                  'h-fit rounded-full p-2',
                  checked ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700',
                )}
              >
                <Icon className="size-4" aria-hidden />
              </span>
              <span className="grid min-w-0 gap-0.5 text-sm">
                <span className="font-semibold text-slate-900">{about.name}</span>
                <span className="text-slate-700">{about.fee}</span>
                <span className="text-xs text-slate-600">
                  {about.speed} · {about.range}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {props.methods && props.methods.length < withdrawalMethods.length && (
        <p className="text-xs text-slate-600" data-testid="methods-limited">
          {t('form.otherMethodsUnavailable')}
        </p>
      )}
      <FieldError id="withdrawal-method-error" message={props.error} />
    </fieldset>
  );
}
