import { useTranslation } from 'react-i18next';
import { isolate } from '../payout-text.ts';

/**
 * Names from the data inside a translated sentence: in a right-to-left language a Latin name would
 * drag the punctuation around it, so it is isolated there (as formatMoney does with amounts);
 * left-to-right text stays plain.
 */
export function useIsolate() {
  const { i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  return (text: string) => (rtl ? isolate(text) : text);
}
