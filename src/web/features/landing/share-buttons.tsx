import { Link2, Share2 } from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#web/components/ui/toast-store.ts';
import { FacebookIcon, LinkedInIcon, XIcon } from './brand-icons.tsx';
import { openSharePopup, type SharePlatform, shareUrl } from './share-links.ts';

const networks: {
  platform: SharePlatform;
  labelKey: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}[] = [
  { platform: 'x', labelKey: 'share.onX', icon: XIcon },
  { platform: 'facebook', labelKey: 'share.onFacebook', icon: FacebookIcon },
  { platform: 'linkedin', labelKey: 'share.onLinkedIn', icon: LinkedInIcon },
];

const buttonClass =
  'flex size-10 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/20 [&_svg]:size-4';

/** Share the site: pop-ups for X, Facebook and LinkedIn, copy link, and the device's own share sheet. */
export function ShareButtons() {
  const { t } = useTranslation('landing');
  const siteUrl = () => window.location.origin;

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(siteUrl());
      toast({ title: t('share.linkCopied'), description: t('share.linkCopiedDescription') });
    } catch {
      toast({
        title: t('share.copyFailed'),
        description: t('share.copyFailedDescription'),
        variant: 'destructive',
      });
    }
  };

  const nativeShare = async () => {
    if (typeof navigator.share !== 'function') return copyLink();
    try {
      await navigator.share({ title: t('common:brand'), text: t('share.text'), url: siteUrl() });
    } catch (error) {
      // Closing the share sheet is not a failure; anything else falls back to copying.
      if (!(error instanceof DOMException && error.name === 'AbortError')) await copyLink();
    }
  };

  return (
    <div>
      <h2 id="share-title" className="text-sm font-semibold text-white">
        {t('share.title')}
      </h2>
      <ul aria-labelledby="share-title" className="mt-4 flex flex-wrap gap-2">
        {networks.map(({ platform, labelKey, icon: Icon }) => (
          <li key={platform}>
            <button
              type="button"
              className={buttonClass}
              aria-label={t(labelKey)}
              title={t(labelKey)}
              onClick={() => openSharePopup(shareUrl(platform, siteUrl(), t('share.text')))}
              data-testid={`share-${platform}`}
            >
              <Icon />
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={buttonClass}
            aria-label={t('share.copyLink')}
            title={t('share.copyLink')}
            onClick={() => void copyLink()}
            data-testid="share-copy"
          >
            <Link2 />
          </button>
        </li>
        <li>
          <button
            type="button"
            className={buttonClass}
            aria-label={t('share.native')}
            title={t('share.native')}
            onClick={() => void nativeShare()}
            data-testid="share-native"
          >
            <Share2 />
          </button>
        </li>
      </ul>
    </div>
  );
}
