import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast-store.ts';

/** Copies an invite code to the clipboard and says whether it worked. */
export function CopyCodeButton({ code, className }: { code: string; className?: string }) {
  const { t } = useTranslation('groups');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast({ title: t('copy.copied'), description: t('copy.copiedBody') });
    } catch {
      toast({ title: t('copy.failed'), description: t('copy.failedBody'), variant: 'destructive' });
    }
  };
  return (
    <Button
      type="button"
      variant="secondary"
      size="icon"
      className={className}
      onClick={copy}
      aria-label={t('copy.label', { code })}
    >
      <Copy />
    </Button>
  );
}
