import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn.ts';
import { dismissToast, useToasts } from './toast-store.ts';

export function Toaster() {
  const toasts = useToasts();
  const { t, i18n } = useTranslation();
  return (
    <Toast.Provider
      duration={5000}
      // Toasts sit at the inline end: swiped away towards it, right or left with the reading direction.
      swipeDirection={i18n.dir() === 'rtl' ? 'left' : 'right'}
      swipeThreshold={50}
      label={t('a11y.notifications')}
    >
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          className={cn(
            'relative flex w-full items-start gap-3 rounded-xl border p-4 pe-10 shadow-lg',
            item.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
            {item.description && (
              <Toast.Description className="text-sm opacity-90">{item.description}</Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label={t('actions.close')}
            className="absolute end-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <X className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* Radix puts the shortcut in for {hotkey}; its own label is English only. */}
      <Toast.Viewport
        label={t('a11y.notificationsRegion')}
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 sm:bottom-0 sm:end-0 sm:top-auto sm:flex-col md:max-w-[420px]"
      />
    </Toast.Provider>
  );
}
