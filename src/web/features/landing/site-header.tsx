import { Menu } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { BrandLogo } from '#web/features/layout/brand-logo.tsx';
import { LanguageSelector } from '#web/features/layout/language-selector.tsx';
import { visitorDrawerNav, visitorNav } from '#web/features/layout/nav-items.ts';
import { ThemeSwitch } from '#web/features/layout/theme-switch.tsx';
import { NavLink } from './nav-link.tsx';

/** Visitors' sticky header: in-page and page links on desktop, a drawer on phones. */
export function SiteHeader() {
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <Dialog open={drawerOpen} onOpenChange={setDrawerOpen}>
          <DialogTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              className="-ms-2 lg:hidden [&_svg]:size-5"
              aria-label={t('nav.openMenu')}
            >
              <Menu className="size-5" />
            </Button>
          </DialogTrigger>
          <DialogContent
            side="start"
            closeLabel={t('actions.close')}
            aria-describedby={undefined}
            // Focus going back to the menu button must not undo the jump to an in-page section.
            onCloseAutoFocus={(event) => event.preventDefault()}
          >
            <DialogTitle className="mb-6">
              <BrandLogo />
            </DialogTitle>
            <nav aria-label={t('nav.mainMenu')} className="grid gap-1">
              {visitorDrawerNav.map(({ href, labelKey }) => (
                <NavLink
                  key={href}
                  href={href}
                  onClick={closeDrawer}
                  className="rounded-lg px-3 py-2.5 font-medium text-slate-700 hover:bg-slate-100"
                >
                  {t(labelKey)}
                </NavLink>
              ))}
            </nav>
            <ThemeSwitch labelled />
            <div className="mt-6 grid gap-2 border-t border-slate-200 pt-6">
              <Button asChild variant="secondary">
                <Link href="/auth">{t('nav.signIn')}</Link>
              </Button>
              <Button asChild>
                <Link href="/auth">{t('nav.getStarted')}</Link>
              </Button>
            </div>
          </DialogContent>
        </Dialog>

        <Link href="/" className="rounded-lg">
          <BrandLogo />
        </Link>

        <nav aria-label={t('nav.mainMenu')} className="ms-6 hidden items-center gap-1 lg:flex">
          {visitorNav.map(({ href, labelKey }) => (
            <NavLink
              key={href}
              href={href}
              className="rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              {t(labelKey)}
            </NavLink>
          ))}
        </nav>

        <div className="ms-auto flex items-center gap-1 sm:gap-2">
          <ThemeSwitch />
          <LanguageSelector />
          <Button asChild variant="ghost" className="hidden sm:inline-flex">
            <Link href="/auth">{t('nav.login')}</Link>
          </Button>
          <Button asChild className="hidden sm:inline-flex">
            <Link href="/auth">{t('nav.getStarted')}</Link>
          </Button>
        </div>
      </div>
    </header>
  );
}
