import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn.ts';

/** Radix lays tabs out left-to-right unless told otherwise: follow the reading direction. */
export function Tabs(props: ComponentProps<typeof TabsPrimitive.Root>) {
  const { i18n } = useTranslation();
  return <TabsPrimitive.Root dir={i18n.dir()} {...props} />;
}

/** Tabs that do not fit a phone scroll sideways inside the list instead of widening the page. */
export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn('inline-flex w-full overflow-x-auto rounded-xl bg-slate-100 p-1', className)}
      {...props}
    />
  );
}

/**
 * `relative` keeps a trigger's visually hidden text (an unread count's words) inside the trigger: in a
 * list that scrolls sideways on a phone, an unanchored sr-only span escaped the scroll box and made the
 * whole page wider than the screen.
 */
export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'relative flex-1 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export const TabsContent = TabsPrimitive.Content;
