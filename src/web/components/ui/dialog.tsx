import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogTitle = DialogPrimitive.Title;
export const DialogDescription = DialogPrimitive.Description;
export const DialogClose = DialogPrimitive.Close;

type ContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  closeLabel: string;
  side?: 'center' | 'start';
};

/** A centred dialog, or with side="start" a drawer from the reading-start edge. */
export function DialogContent({ className, children, closeLabel, side = 'center', ...props }: ContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
      <DialogPrimitive.Content
        className={cn(
          'fixed z-50 bg-white p-6 shadow-xl focus:outline-none',
          side === 'center' &&
            'start-1/2 top-1/2 w-[calc(100%-2rem)] max-w-md -translate-y-1/2 rounded-2xl ltr:-translate-x-1/2 rtl:translate-x-1/2',
          side === 'start' && 'inset-y-0 start-0 w-72 max-w-[85vw] overflow-y-auto',
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          className="absolute end-4 top-4 rounded-md p-1 text-slate-500 hover:bg-slate-100"
          aria-label={closeLabel}
        >
          <X className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ children }: { children: ReactNode }) {
  return <div className="mb-4 flex flex-col gap-1 pe-8">{children}</div>;
}
