import { useTranslation } from 'react-i18next';
import { BrandLogo } from '#web/features/layout/brand-logo.tsx';
import { NavLink } from './nav-link.tsx';
import { ShareButtons } from './share-buttons.tsx';

type FooterLink = { href: string; labelKey: string };

// Keys with a namespace prefix live in common (shared nav labels); the rest are the landing page's own.
const columns: { id: string; titleKey: string; links: FooterLink[] }[] = [
  {
    id: 'footer-quick-links',
    titleKey: 'footer.quickLinks',
    links: [
      { href: '/how-it-works', labelKey: 'common:nav.howItWorks' },
      { href: '/features', labelKey: 'common:nav.features' },
      { href: '/pricing', labelKey: 'common:nav.pricing' },
      { href: '/about', labelKey: 'common:nav.about' },
      { href: '/blog', labelKey: 'common:nav.blog' },
    ],
  },
  {
    id: 'footer-support',
    titleKey: 'footer.support',
    links: [
      { href: '/help', labelKey: 'common:nav.help' },
      { href: '/contact', labelKey: 'common:nav.contact' },
      { href: '/security', labelKey: 'footer.security' },
      { href: '/compliance', labelKey: 'footer.compliance' },
    ],
  },
  {
    id: 'footer-legal',
    titleKey: 'footer.legal',
    links: [
      { href: '/terms', labelKey: 'footer.terms' },
      { href: '/privacy', labelKey: 'footer.privacy' },
    ],
  },
];

export function SiteFooter() {
  const { t } = useTranslation('landing');
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:grid-cols-3 lg:grid-cols-5">
        <div className="col-span-2 sm:col-span-3 lg:col-span-2">
          <BrandLogo light />
          <p className="mt-4 max-w-xs text-sm">{t('footer.tagline')}</p>
          <div className="mt-8">
            <ShareButtons />
          </div>
        </div>
        {columns.map((column) => (
          <nav key={column.id} aria-labelledby={column.id}>
            <h2 id={column.id} className="text-sm font-semibold text-white">
              {t(column.titleKey)}
            </h2>
            <ul className="mt-3 grid gap-1">
              {column.links.map((link) => (
                <li key={link.href}>
                  <NavLink
                    href={link.href}
                    className="inline-block py-1.5 text-sm hover:text-white hover:underline"
                  >
                    {t(link.labelKey)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-6 text-center text-sm text-slate-400">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
