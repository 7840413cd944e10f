import { useTranslation } from 'react-i18next';

/** At most two letters: the first of the first and last names. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters
    .map((p) => Array.from(p ?? '')[0] ?? '')
    .join('')
    .toUpperCase();
}

export function MemberList({ names }: { names: { id: number; name: string }[] }) {
  const { t } = useTranslation('groups');
  return (
    <section aria-labelledby="member-list-title">
      <h3 id="member-list-title" className="mb-2 text-sm font-medium text-slate-800">
        {t('join.memberList')}
      </h3>
      {names.length === 0 ? (
        <p className="text-sm text-slate-600">{t('join.noMembers')}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {names.map(({ id, name }) => (
            <li key={id} className="flex items-center gap-3 rounded-lg border border-slate-200 p-2">
              <span
                aria-hidden
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800"
              >
                {initials(name)}
              </span>
              <span className="truncate text-sm text-slate-900">{name}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
