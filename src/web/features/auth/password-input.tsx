import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '#web/components/ui/input.tsx';

/** Password field with the show/hide toggle. */
export function PasswordInput(props: ComponentProps<'input'>) {
  const [visible, setVisible] = useState(false);
  const { t } = useTranslation('auth');
  return (
    <div className="relative">
      <Input {...props} type={visible ? 'text' : 'password'} className="pe-10" />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? t('hidePassword') : t('showPassword')}
        aria-pressed={visible}
        className="absolute inset-y-0 end-0 flex items-center px-3 text-slate-500 hover:text-slate-800"
      >
        {visible ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
      </button>
    </div>
  );
}
