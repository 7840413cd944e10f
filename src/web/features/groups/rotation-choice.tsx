import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

const methods = ['join_order', 'admin_set', 'random_draw'] as const;

/** The payout order, each choice with one line on what it means. */
export function RotationChoice({ register }: { register: UseFormRegisterReturn<'rotationMethod'> }) {
  const { t } = useTranslation('groups');
  return (
    <fieldset className="grid grid-cols-1 gap-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('create.rotation')}</legend>
      {methods.map((method) => (
        <label
          key={method}
          className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 bg-white p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
        >
          <input type="radio" value={method} className="mt-1 size-4 accent-brand-700" {...register} />
          <span>
            <span className="block text-sm font-medium text-slate-900">
              {t(`create.rotationMethods.${method}.label`)}
            </span>
            <span className="block text-sm text-slate-600">{t(`create.rotationMethods.${method}.hint`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
