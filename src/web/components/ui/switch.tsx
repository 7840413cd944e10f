import { Switch as SwitchPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * An on/off switch (role="switch", Space toggles it). Give it a label: aria-label, aria-labelledby or a
 * <Label htmlFor>. Off, its outline and thumb keep 3:1 contrast on white; the thumb slides towards the
 * reading end, so it mirrors in right-to-left languages.
 */
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        'inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-slate-500 bg-slate-100 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700',
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb className="pointer-events-none block size-4 translate-x-0.5 rounded-full bg-slate-500 transition-transform rtl:-translate-x-0.5 data-[state=checked]:size-5 data-[state=checked]:translate-x-5 data-[state=checked]:bg-white data-[state=checked]:shadow rtl:data-[state=checked]:-translate-x-5" />
    </SwitchPrimitive.Root>
  );
}
