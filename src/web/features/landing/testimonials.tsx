import { Quote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './section-heading.tsx';

const people = ['maria', 'kwame', 'jiwoo'] as const;

/** Marketing stories, labelled as illustrative: no real customer is quoted. */
export function Testimonials() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="testimonials-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading
          id="testimonials-title"
          title={t('testimonials.title')}
          subtitle={t('testimonials.subtitle')}
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {people.map((person) => {
            const name = t(`testimonials.items.${person}.name`);
            return (
              <li key={person}>
                <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-slate-50 p-6">
                  <Quote className="size-8 text-accent-400 rtl:-scale-x-100" aria-hidden />
                  <blockquote className="mt-4 flex-1 text-slate-700">
                    <p>{t(`testimonials.items.${person}.quote`)}</p>
                  </blockquote>
                  <figcaption className="mt-6 flex items-center gap-3">
                    <span
                      aria-hidden
                      className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white"
                    >
                      {Array.from(name)[0]}
                    </span>
                    <span>
                      <span className="block font-semibold text-slate-900">{name}</span>
                      <span className="block text-sm text-slate-600">
                        {t(`testimonials.items.${person}.role`)}
                      </span>
                    </span>
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
        <p className="mt-8 text-center text-sm text-slate-600">{t('testimonials.note')}</p>
      </div>
    </section>
  );
}
