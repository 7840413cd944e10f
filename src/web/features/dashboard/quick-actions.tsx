import { ArrowDownToLine, KeyRound, PlusCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';

const actions = [
  { href: '/create-group', icon: PlusCircle, key: 'createGroup' },
  { href: '/join-group', icon: KeyRound, key: 'joinGroup' },
  { href: '/withdrawal', icon: ArrowDownToLine, key: 'withdraw' },
] as const;

export function QuickActions() {
  const { t } = useTranslation('dashboard');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('quickActions.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-2">
        {actions.map(({ href, icon: Icon, key }) => (
          <Link
            key={key}
            href={href}
            className="flex items-center gap-3 rounded-xl border border-slate-200 p-3 hover:border-brand-500 hover:bg-brand-50"
          >
            <span className="rounded-lg bg-brand-100 p-2 text-brand-700">
              <Icon className="size-5" />
            </span>
            <span>
              <span className="block font-medium text-slate-900">{t(`quickActions.${key}`)}</span>
              <span className="block text-sm text-slate-600">{t(`quickActions.${key}Hint`)}</span>
            </span>
          </Link>
        ))}
      </CardContent>
    </Card>
  );
}
