import type { ReactNode } from 'react';
import type { LanguageCode } from '#web/i18n/languages.ts';
import { cn } from '#web/lib/cn.ts';

/**
 * Small drawn flags for the language selector. Emoji flags show as empty boxes where no emoji font
 * is installed (Windows, many Linux desktops), so each is a few SVG shapes instead. They are
 * decoration: the language's own name beside them is the label, so they are hidden from readers.
 * Every flag is drawn in the same 30 × 20 box, simplified to what reads at 20 px.
 */

/** The points of a five-pointed star centred on (cx, cy), one point turned by `turn` radians. */
function star(cx: number, cy: number, r: number, turn = -Math.PI / 2): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.382;
    const angle = turn + (i * Math.PI) / 5;
    points.push(
      `${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`,
    );
  }
  return points.join(' ');
}

const unitedStates = (
  <>
    <rect width="30" height="20" fill="#fff" />
    {[0, 2, 4, 6, 8, 10, 12].map((stripe) => (
      <rect key={stripe} y={(stripe * 20) / 13} width="30" height={20 / 13} fill="#b22234" />
    ))}
    <rect width="12" height={(7 * 20) / 13} fill="#3c3b6e" />
    {[2, 6, 10].flatMap((x) =>
      [2, 5, 8].map((y) => <circle key={`${x}-${y}`} cx={x} cy={y} r="0.7" fill="#fff" />),
    )}
  </>
);

const spain = (
  <>
    <rect width="30" height="20" fill="#aa151b" />
    <rect y="5" width="30" height="10" fill="#f1bf00" />
    <rect x="7" y="8" width="3" height="4" rx="0.8" fill="#aa151b" />
  </>
);

const france = (
  <>
    <rect width="10" height="20" fill="#002395" />
    <rect x="10" width="10" height="20" fill="#fff" />
    <rect x="20" width="10" height="20" fill="#ed2939" />
  </>
);

/** The big star at (5, 5) and the four small ones, each turned to point at it, as on the flag's grid. */
const china = (
  <>
    <rect width="30" height="20" fill="#ee1c25" />
    <polygon points={star(5, 5, 3)} fill="#ffff00" />
    {[
      [10, 2],
      [12, 4],
      [12, 7],
      [10, 9],
    ].map(([x = 0, y = 0]) => (
      <polygon key={`${x}-${y}`} points={star(x, y, 1, Math.atan2(5 - y, 5 - x))} fill="#ffff00" />
    ))}
  </>
);

/** The inscription as two strokes of white script over a sword. */
const saudiArabia = (
  <>
    <rect width="30" height="20" fill="#006c35" />
    <path
      d="M7 9.5c1-1.5 2 1.5 3 0s2 1.5 3 0 2 1.5 3 0 2 1.5 3 0 2 1.5 3 0M9 7v2.5M15 6.5v3M21 7v2.5"
      fill="none"
      stroke="#fff"
      strokeWidth="0.9"
      strokeLinecap="round"
    />
    <path d="M7 13.5h15.5l1.5-0.75-1.5-0.75H7z" fill="#fff" />
    <rect x="8.5" y="12.25" width="0.8" height="2.5" fill="#fff" />
  </>
);

/** A trigram: three bars, each whole or broken in the middle, stacked from the circle outwards. */
function trigram(broken: [boolean, boolean, boolean], key: string) {
  return broken.map((isBroken, i) => {
    const y = -1.6 + i * 1.2;
    return isBroken ? (
      <g key={`${key}-${i}`}>
        <rect x="-2" y={y} width="1.7" height="0.8" />
        <rect x="0.3" y={y} width="1.7" height="0.8" />
      </g>
    ) : (
      <rect key={`${key}-${i}`} x="-2" y={y} width="4" height="0.8" />
    );
  });
}

/** The taegeuk on the flag's diagonal, with the four trigrams at its corners. */
const korea = (
  <>
    <rect width="30" height="20" fill="#fff" />
    <g transform="translate(15 10) rotate(33.69)">
      <circle r="5" fill="#0047a0" />
      <path d="M-5 0A5 5 0 0 1 5 0A2.5 2.5 0 0 0 0 0A2.5 2.5 0 0 1-5 0Z" fill="#cd2e3a" />
      <g fill="#000">
        <g transform="translate(-8.3 0) rotate(90)">{trigram([false, false, false], 'geon')}</g>
        <g transform="translate(8.3 0) rotate(90)">{trigram([true, true, true], 'gon')}</g>
      </g>
    </g>
    <g transform="translate(15 10) rotate(-33.69)" fill="#000">
      <g transform="translate(-8.3 0) rotate(90)">{trigram([false, true, false], 'ri')}</g>
      <g transform="translate(8.3 0) rotate(90)">{trigram([true, false, true], 'gam')}</g>
    </g>
  </>
);

const flags: Record<LanguageCode, ReactNode> = {
  en: unitedStates,
  es: spain,
  fr: france,
  zh: china,
  ar: saudiArabia,
  ko: korea,
};

/** The flag shown beside a language's name; hidden from assistive technology, which reads the name. */
export function LanguageFlag({ code, className }: { code: LanguageCode; className?: string }) {
  return (
    <svg
      viewBox="0 0 30 20"
      aria-hidden="true"
      focusable="false"
      data-testid={`flag-${code}`}
      className={cn('h-3.5 w-5 flex-none overflow-hidden rounded-[2px] ring-1 ring-slate-900/10', className)}
    >
      {flags[code]}
    </svg>
  );
}
