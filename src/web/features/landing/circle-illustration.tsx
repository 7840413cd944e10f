import { HandCoins, PiggyBank, User } from 'lucide-react';

const memberAngles = [0, 60, 120, 180, 240, 300];

/** Decorative picture of a circle: six members around a shared pool, one receiving it this cycle. */
export function CircleIllustration() {
  return (
    <div aria-hidden className="relative mx-auto hidden size-96 lg:block">
      <div className="absolute inset-6 rounded-full border-2 border-dashed border-brand-200 motion-safe:animate-[spin_60s_linear_infinite]" />
      <div className="absolute inset-20 rounded-full bg-brand-100/60" />
      <div className="absolute inset-0 m-auto flex size-28 items-center justify-center rounded-full bg-brand-700 text-white shadow-xl shadow-brand-700/30">
        <PiggyBank className="size-14" strokeWidth={1.5} />
      </div>
      {memberAngles.map((angle, index) => {
        const receiving = index === 0;
        return (
          <div
            key={angle}
            className="absolute inset-0 m-auto size-16"
            style={{ transform: `rotate(${angle}deg) translateY(-9.5rem) rotate(-${angle}deg)` }}
          >
            <div
              className={
                receiving
                  ? 'flex size-16 items-center justify-center rounded-full bg-accent-400 text-slate-900 shadow-lg ring-4 ring-white'
                  : 'flex size-16 items-center justify-center rounded-full bg-white text-brand-700 shadow-md ring-1 ring-slate-200'
              }
            >
              {receiving ? <HandCoins className="size-8" /> : <User className="size-7" />}
            </div>
          </div>
        );
      })}
    </div>
  );
}
