import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { BrandLogo } from '#web/features/layout/brand-logo.tsx';
import { LanguageSelector } from '#web/features/layout/language-selector.tsx';

/** The public frame of the pages an emailed link opens (forgot, reset, verify): logo, language, one card. */
export function AccountLinkFrame(props: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-gradient-to-br from-brand-50 via-white to-amber-50">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-4">
        <Link href="/" className="rounded-lg">
          <BrandLogo />
        </Link>
        <LanguageSelector />
      </header>
      <main className="mx-auto grid max-w-md grid-cols-1 px-4 pb-16 pt-4">
        <Card className="w-full">
          <CardHeader>
            <CardTitle>
              <h1>{props.title}</h1>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">{props.children}</CardContent>
        </Card>
      </main>
    </div>
  );
}

/** A short status line in the card: success, or a refusal a person can act on. */
export function Notice(props: { tone: 'success' | 'error'; children: ReactNode; testId?: string }) {
  const tone = props.tone === 'success' ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-900';
  return (
    <p
      role={props.tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg p-3 text-sm ${tone}`}
      data-testid={props.testId}
    >
      {props.children}
    </p>
  );
}

/** The token of the link that opened this page (`?token=`), or an empty string. */
export function tokenFromLocation(): string {
  return new URLSearchParams(window.location.search).get('token') ?? '';
}
