import { useTranslation } from 'react-i18next';

// Unicode directional isolates: left-to-right, first-strong, and their end.
const LRI = '\u2066';
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * Phone numbers and addresses inside translated sentences. In a right-to-left language "+1 ••••0123"
 * would be reordered by its neighbours, so it is isolated: a number always left to right, an address
 * in its own direction. Left-to-right languages keep plain text.
 */
export function useIsolate() {
  const { i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  return {
    ltr: (text: string) => (rtl ? `${LRI}${text}${PDI}` : text),
    own: (text: string) => (rtl ? `${FSI}${text}${PDI}` : text),
  };
}
