import { Send } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX } from '#shared/chat-limits.ts';
import { Button } from '#web/components/ui/button.tsx';

/**
 * The send box: Enter sends, Shift+Enter starts a new line (and Enter that ends an input method's
 * composition is left to it). The text is trimmed; the button is off while it is blank or a send is
 * on its way, and the box waits meanwhile. `onSend` resolves true when the message went.
 */
export function Composer(props: { onSend(text: string): Promise<boolean>; sending: boolean }) {
  const { t } = useTranslation('chat');
  const id = useId();
  const [text, setText] = useState('');
  const blank = text.trim() === '';

  const send = async () => {
    if (blank || props.sending) return;
    if (await props.onSend(text.trim())) setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t('inputLabel')}
      </label>
      <textarea
        id={id}
        rows={1}
        dir="auto"
        value={text}
        maxLength={MESSAGE_MAX}
        disabled={props.sending}
        placeholder={t('placeholder')}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        data-testid="chat-input"
        className="max-h-32 min-h-10 flex-1 resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 disabled:opacity-60"
      />
      <Button
        type="submit"
        size="icon"
        disabled={blank || props.sending}
        aria-label={t('send')}
        data-testid="chat-send"
      >
        <Send aria-hidden className="rtl:-scale-x-100" />
      </Button>
    </form>
  );
}
