/** Centred h2 with a short lead line; `id` lets the section name itself with aria-labelledby. */
export function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle?: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {subtitle && <p className="mt-4 text-lg text-pretty text-slate-600">{subtitle}</p>}
    </div>
  );
}
