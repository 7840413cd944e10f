import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** Whether joining takes a seat at once or sends the admins a request to decide on. */
export function RequireApprovalSetting({ register }: { register: UseFormRegisterReturn<'requireApproval'> }) {
  const { t } = useTranslation('applications');
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 bg-white p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
      <input type="checkbox" className="mt-1 size-4 accent-brand-700" {...register} />
      <span>
        <span className="block text-sm font-medium text-slate-900">{t('create.label')}</span>
        <span className="block text-sm text-slate-600">{t('create.hint')}</span>
      </span>
    </label>
  );
}
