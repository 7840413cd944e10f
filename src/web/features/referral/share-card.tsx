import { Copy, Link2, Mail, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { productEvent } from '#web/lib/product-event.ts';
import { referralLink } from './queries.ts';

/**
 * The code and link with copy, the device's share sheet (else copy the message), and a mail-to link.
 * Each share that goes through (a copy, a sent share sheet, the mail opened) is a referral_share event.
 */
export function ShareCard({ code, friendBonus }: { code: string; friendBonus: string }) {
  const { t } = useTranslation('referral');
  const link = referralLink(code);
  const message = t('share.message', { link, bonus: friendBonus });

  const copy = async (text: string, copied: string) => {
    try {
      await navigator.clipboard.writeText(text);
      productEvent('referral_share');
      toast({ title: t('copied'), description: copied });
    } catch {
      toast({ title: t('copyFailed'), description: text, variant: 'destructive' });
    }
  };

  const share = async () => {
    if (typeof navigator.share !== 'function') return copy(message, t('share.messageCopied'));
    try {
      await navigator.share({ title: t('share.subject'), text: message, url: link });
      productEvent('referral_share');
    } catch (error) {
      // Closing the share sheet is not a failure; anything else falls back to copying.
      if (!(error instanceof DOMException && error.name === 'AbortError'))
        await copy(message, t('share.messageCopied'));
    }
  };

  const mailto = `mailto:?subject=${encodeURIComponent(t('share.subject'))}&body=${encodeURIComponent(message)}`;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('code.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1">
          <span className="text-sm font-medium text-slate-600">{t('code.label')}</span>
          <div className="flex items-center gap-2">
            <bdi
              dir="ltr"
              className="rounded-md bg-slate-100 px-3 py-2 font-mono text-xl font-bold tracking-widest text-slate-900"
              data-testid="referral-code"
            >
              {code}
            </bdi>
            <Button
              type="button"
              variant="secondary"
              size="icon"
              aria-label={t('code.copyCode')}
              title={t('code.copyCode')}
              onClick={() => void copy(code, t('code.codeCopied'))}
            >
              <Copy />
            </Button>
          </div>
        </div>
        <div className="grid gap-1">
          <span className="text-sm font-medium text-slate-600">{t('code.link')}</span>
          <bdi dir="ltr" className="break-all rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800">
            {link}
          </bdi>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" onClick={() => void copy(link, t('code.linkCopied'))}>
            <Link2 />
            {t('code.copyLink')}
          </Button>
          <Button type="button" variant="secondary" onClick={() => void share()}>
            <Share2 />
            {t('share.button')}
          </Button>
          <Button asChild variant="secondary">
            <a href={mailto} onClick={() => productEvent('referral_share')}>
              <Mail />
              {t('share.email')}
            </a>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
