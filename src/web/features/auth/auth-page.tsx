import { useQuery } from '@tanstack/react-query';
import { ShieldCheck, Users, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { DEMO_USER } from '#shared/demo.ts';
import type { PublicConfig } from '#shared/schemas/public-config.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { BrandLogo } from '#web/features/layout/brand-logo.tsx';
import { LanguageSelector } from '#web/features/layout/language-selector.tsx';
import { getJson } from '#web/lib/api.ts';
import { LoginForm } from './login-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

/** The server says whether its demo account exists (off in production unless SEED_DEMO=true). */
function useDemoHint(): boolean {
  const query = useQuery({
    queryKey: ['public-config'],
    queryFn: getJson<PublicConfig>('/api/public-config'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return query.data?.demoHint === true;
}

export default function AuthPage() {
  const { t } = useTranslation('auth');
  const demoHint = useDemoHint();
  return (
    <div className="min-h-screen bg-gradient-to-br from-brand-50 via-white to-amber-50">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-4">
        <Link href="/" className="rounded-lg">
          <BrandLogo />
        </Link>
        <LanguageSelector />
      </header>
      <main className="mx-auto grid max-w-6xl gap-10 px-4 pb-16 pt-4 lg:grid-cols-2 lg:items-center">
        <section className="hidden lg:block">
          <h1 className="text-4xl font-bold tracking-tight text-slate-900">{t('heroTitle')}</h1>
          <p className="mt-4 text-lg text-slate-600">{t('heroSubtitle')}</p>
          <ul className="mt-8 grid gap-4">
            {[
              { icon: Users, key: 'perkCircles' },
              { icon: Wallet, key: 'perkPayouts' },
              { icon: ShieldCheck, key: 'perkSecurity' },
            ].map(({ icon: Icon, key }) => (
              <li key={key} className="flex items-center gap-3 text-slate-700">
                <span className="rounded-full bg-brand-100 p-2 text-brand-700">
                  <Icon className="size-5" />
                </span>
                {t(key)}
              </li>
            ))}
          </ul>
        </section>
        <Card className="w-full max-w-md justify-self-center">
          <CardHeader>
            <CardTitle>
              <span className="lg:hidden">{t('heroTitle')}</span>
              <span className="hidden lg:inline">{t('cardTitle')}</span>
            </CardTitle>
            <p className="text-sm text-slate-600">{t('cardSubtitle')}</p>
          </CardHeader>
          <CardContent>
            <Tabs defaultValue="login">
              <TabsList className="mb-5">
                <TabsTrigger value="login">{t('tabLogin')}</TabsTrigger>
                <TabsTrigger value="signup">{t('tabSignUp')}</TabsTrigger>
              </TabsList>
              <TabsContent value="login">
                <LoginForm />
                {demoHint && (
                  <p
                    className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
                    data-testid="demo-hint"
                  >
                    {t('demoHint', { username: DEMO_USER.username, password: DEMO_USER.password })}
                  </p>
                )}
              </TabsContent>
              <TabsContent value="signup">
                <SignUpForm />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
