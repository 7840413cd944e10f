import { useTranslation } from 'react-i18next';

/** 75 → "75%" (or "٪٧٥", "75 %"...) as the reader's language writes a percentage. */
export function usePercent() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  return (value: number) => format.format(value / 100);
}
