import { LogOut, Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { useCurrentUser, useDisplayName, useLogout } from '#web/features/auth/use-auth.ts';
import { NotificationBell } from '#web/features/notifications/notification-bell.tsx';
import { useAccountPreferences } from '#web/features/settings/account-preferences.ts';
import { cn } from '#web/lib/cn.ts';
import { BrandLogo } from './brand-logo.tsx';
import { LanguageSelector } from './language-selector.tsx';
import { desktopNav, memberDrawerNav, operatorNav } from './nav-items.ts';
import { ThemeSwitch } from './theme-switch.tsx';

/** Header for signed-in people: full navigation on desktop, a drawer on phones. */
export function AppHeader() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  useAccountPreferences();
  const name = useDisplayName(user);
  const logout = useLogout();
  const [location] = useLocation();
  const isActive = (href: string) =>
    href === '/' ? location === '/' || location === '/dashboard' : location.startsWith(href);

  return (
    <header className="sticky top-0 z-40 print:hidden border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Dialog>
          <DialogTrigger asChild>
            <Button variant="ghost" size="icon" className="lg:hidden" aria-label={t('nav.openMenu')}>
              <Menu className="size-5" />
            </Button>
          </DialogTrigger>
          <DialogContent side="start" closeLabel={t('actions.close')} aria-describedby={undefined}>
            <DialogTitle className="mb-6">
              <BrandLogo />
            </DialogTitle>
            <nav aria-label={t('nav.mainMenu')} className="grid gap-1">
              {[...memberDrawerNav, ...(user?.isOperator ? operatorNav : [])].map(
                ({ href, labelKey, icon: Icon }) => (
                  <Link
                    key={href + labelKey}
                    href={href}
                    className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-slate-700 hover:bg-slate-100"
                  >
                    <Icon className="size-5" />
                    {t(labelKey)}
                  </Link>
                ),
              )}
              <ThemeSwitch labelled />
              <button
                type="button"
                onClick={() => logout.mutate()}
                className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-start text-red-700 hover:bg-red-50"
              >
                <LogOut className="size-5 rtl:rotate-180" />
                {t('nav.signOut')}
              </button>
            </nav>
          </DialogContent>
        </Dialog>

        <Link href="/" className="rounded-lg">
          <BrandLogo />
        </Link>

        <nav aria-label={t('nav.mainMenu')} className="ms-6 hidden items-center gap-1 lg:flex">
          {[...desktopNav, ...(user?.isOperator ? operatorNav : [])].map(({ href, labelKey }) => (
            <Link
              key={href}
              href={href}
              aria-current={isActive(href) ? 'page' : undefined}
              className={cn(
                'rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                isActive(href) && 'bg-brand-50 text-brand-800',
              )}
            >
              {t(labelKey)}
            </Link>
          ))}
        </nav>

        <div className="ms-auto flex items-center gap-2">
          <span className="hidden text-sm text-slate-600 md:inline" data-testid="welcome-user">
            {t('nav.welcome', { name })}
          </span>
          <NotificationBell />
          <ThemeSwitch />
          <LanguageSelector />
          <Button
            variant="ghost"
            size="sm"
            onClick={() => logout.mutate()}
            className="hidden lg:inline-flex"
            data-testid="logout"
          >
            <LogOut className="rtl:rotate-180" />
            {t('nav.logout')}
          </Button>
        </div>
      </div>
    </header>
  );
}
