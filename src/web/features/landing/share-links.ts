/** Hashtags from the spec: the product's name, CommunitySavings, ROSCA. */
export const SHARE_HASHTAGS = ['SaveCircle', 'CommunitySavings', 'ROSCA'];

export type SharePlatform = 'x' | 'facebook' | 'linkedin';

/** Share-dialog address of each network for a page address and a short text. */
export function shareUrl(platform: SharePlatform, pageUrl: string, text: string): string {
  const url = encodeURIComponent(pageUrl);
  switch (platform) {
    case 'x':
      return `https://x.com/intent/tweet?url=${url}&text=${encodeURIComponent(text)}&hashtags=${SHARE_HASHTAGS.join(',')}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${url}&hashtag=${encodeURIComponent(`#${SHARE_HASHTAGS[0]}`)}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${url}`;
  }
}

export function openSharePopup(href: string) {
  window.open(href, '_blank', 'noopener,noreferrer,width=600,height=500');
}
