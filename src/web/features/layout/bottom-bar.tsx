import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { cn } from '#web/lib/cn.ts';
import { bottomBarNav } from './nav-items.ts';

/** Phone navigation for signed-in people; visitors never see it. */
export function BottomBar() {
  const { t } = useTranslation();
  const [location] = useLocation();
  return (
    <nav
      aria-label={t('nav.quickMenu')}
      className="fixed inset-x-0 bottom-0 z-40 print:hidden border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] lg:hidden"
    >
      <ul className="grid grid-cols-5">
        {bottomBarNav.map(({ href, labelKey, icon: Icon }) => {
          const active = location === href || (href === '/dashboard' && location === '/');
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex flex-col items-center gap-0.5 py-2 text-xs text-slate-600',
                  active && 'font-semibold text-brand-700',
                )}
              >
                <Icon className="size-5" />
                {t(labelKey)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
