import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { detectInstallPlatform, installStepCount } from './platform.ts';

/** Step-by-step install instructions for the visitor's device; "Next Step", then "Got it!". */
export function InstallDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('pwa');
  const [step, setStep] = useState(0);
  // Read when shown: a closed dialog draws nothing, and the build pre-renders pages with no browser.
  const platform = detectInstallPlatform(open ? navigator.userAgent : '');
  const total = installStepCount[platform];
  const last = step === total - 1;
  const change = (next: boolean) => {
    if (!next) setStep(0);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent closeLabel={t('common:actions.close')}>
        <DialogHeader>
          <DialogTitle className="text-lg font-semibold">{t('dialog.title')}</DialogTitle>
          <DialogDescription className="text-sm text-slate-600">
            {t(`platforms.${platform}`)}
          </DialogDescription>
        </DialogHeader>
        <p
          className="text-xs font-medium uppercase tracking-wide text-brand-700"
          data-testid="install-step-counter"
        >
          {t('dialog.stepOf', { step: step + 1, total })}
        </p>
        <p className="mt-2 min-h-12 text-slate-800" data-testid="install-step-text">
          {t(`steps.${platform}.${step + 1}`)}
        </p>
        <div className="mt-6 flex justify-end">
          <Button onClick={() => (last ? change(false) : setStep(step + 1))}>
            {last ? t('dialog.gotIt') : t('dialog.nextStep')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The hero's "Install App" button. */
export function InstallAppButton(props: ButtonProps) {
  const { t } = useTranslation('pwa');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...props} onClick={() => setOpen(true)}>
        <Download />
        {t('installApp')}
      </Button>
      <InstallDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
