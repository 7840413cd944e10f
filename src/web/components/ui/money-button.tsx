import { WifiOff } from 'lucide-react';
import { isValidElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '#web/lib/use-online.ts';
import { Button, type ButtonProps } from './button.tsx';

/** The offline notice's sentence that says why money actions are off; each such button points to it. */
export const OFFLINE_MONEY_NOTE_ID = 'offline-money-note';

/**
 * A button that moves money (pay, confirm, record cash, withdraw, release, process a payout…): off while
 * the browser is offline, with the reason on it (issue 17). Shown data may be hours old then, and a
 * request would only wait for the connection and act on what the screen no longer matches.
 */
export function MoneyButton({ disabled, children, title, asChild, ...props }: ButtonProps) {
  const online = useOnline();
  const { t } = useTranslation('pwa');
  if (online)
    return (
      <Button disabled={disabled} title={title} asChild={asChild} {...props}>
        {children}
      </Button>
    );
  return (
    <Button
      {...props}
      disabled
      title={t('moneyActionOffline')}
      aria-describedby={[props['aria-describedby'], OFFLINE_MONEY_NOTE_ID].filter(Boolean).join(' ')}
      data-offline-disabled=""
    >
      <WifiOff aria-hidden="true" />
      {asChild ? contentOf(children) : children}
    </Button>
  );
}

/** A link styled as a button ("Pay" leading to the pay dialog) becomes a plain, disabled button: its words. */
function contentOf(child: ReactNode): ReactNode {
  return isValidElement<{ children?: ReactNode }>(child) ? child.props.children : child;
}
