import { toast } from '#web/components/ui/toast-store.ts';

/** Copies text and says so; where the clipboard is unavailable, shows the text to copy by hand. */
export async function copyWithToast(
  text: string,
  messages: { title: string; description?: string; failed: string },
) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: messages.title, description: messages.description });
  } catch {
    toast({ title: messages.failed, description: text, variant: 'destructive' });
  }
}
