import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn.ts';
import { useTheme } from '#web/lib/theme.ts';

/**
 * The dark mode switch: an icon in the header from the `sm` width up; below it, where the header has
 * no room, a labelled row in the menu (`labelled`). The choice is remembered.
 */
export function ThemeSwitch({ labelled = false }: { labelled?: boolean }) {
  const { t } = useTranslation();
  const { dark, setDark } = useTheme();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      aria-label={labelled ? undefined : t('theme.dark')}
      title={labelled ? undefined : t('theme.dark')}
      onClick={() => setDark(!dark)}
      className={cn(
        'items-center rounded-lg text-slate-700 hover:bg-slate-100',
        labelled ? 'flex gap-3 px-3 py-2.5 text-start' : 'hidden size-10 justify-center sm:flex',
      )}
      data-testid={labelled ? 'theme-switch-menu' : 'theme-switch'}
      // Pre-rendered pages (decision 0046) are drawn light: public/load-app.js sets aria-checked from
      // /theme.js's choice before the app runs, and the icon follows the page's class, not the state.
      data-theme-switch
    >
      <Sun className={cn(labelled ? 'size-5' : 'size-4', 'dark:hidden')} aria-hidden />
      <Moon className={cn(labelled ? 'size-5' : 'size-4', 'hidden dark:block')} aria-hidden />
      {labelled && <span className="flex-1">{t('theme.dark')}</span>}
      {labelled && (
        <span
          aria-hidden
          className={cn(
            'relative h-5 w-9 rounded-full transition-colors',
            dark ? 'bg-brand-600' : 'bg-slate-300',
          )}
        >
          <span
            className={cn(
              'absolute top-0.5 size-4 rounded-full bg-white shadow transition-all',
              dark ? 'start-4.5' : 'start-0.5',
            )}
          />
        </span>
      )}
    </button>
  );
}
