import { Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { starLabels } from '#shared/reputation.ts';
import { Button } from '#web/components/ui/button.tsx';
import { textareaClass } from '#web/components/ui/field.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { Label } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/cn.ts';
import { type MemberReputation, useRateMember } from './queries.ts';

const STARS = [1, 2, 3, 4, 5] as const;

/** Spec 001 §5: 1–5 labelled stars and a comment, both required; opens on the caller's earlier rating. */
export function RateDialog({ groupId, member }: { groupId: number; member: MemberReputation }) {
  const { t } = useTranslation('reputation');
  const [open, setOpen] = useState(false);
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const rate = useRateMember(groupId);
  const id = `rating-comment-${member.id}`;

  const onOpenChange = (next: boolean) => {
    // Each opening starts from what the caller rated last time, if anything.
    if (next) {
      setStars(member.myRating?.stars ?? 0);
      setComment(member.myRating?.comment ?? '');
    }
    setOpen(next);
  };
  const submit = () =>
    rate.mutate({ member, stars, comment: comment.trim() }, { onSuccess: () => setOpen(false) });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant="secondary" data-testid={`rate-${member.id}`}>
          <Star aria-hidden />
          {member.myRating ? t('rate.edit') : t('rate.open')}
        </Button>
      }
      title={t('rate.title', { name: member.name })}
      description={member.myRating ? t('rate.editing') : t('rate.description')}
      cancelLabel={t('rate.cancel')}
      submitLabel={t('rate.submit')}
      pendingLabel={t('rate.submitting')}
      pending={rate.isPending}
      canSubmit={stars >= 1 && comment.trim() !== ''}
      onSubmit={submit}
      submitTestId="rate-submit"
    >
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-900">{t('rate.stars')}</legend>
        <div className="flex flex-wrap gap-1">
          {STARS.map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded-md p-1 text-amber-500 hover:bg-amber-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
              data-testid={`star-${value}`}
            >
              <input
                type="radio"
                name={`stars-${member.id}`}
                value={value}
                checked={stars === value}
                onChange={() => setStars(value)}
                className="sr-only"
              />
              <Star aria-hidden className={cn('size-7', value <= stars ? 'fill-current' : 'fill-none')} />
              <span className="sr-only">
                {t('rate.starLabel', { value, label: t(`stars.${starLabels[value]}`) })}
              </span>
            </label>
          ))}
        </div>
        <p className="min-h-5 text-sm text-slate-700" aria-live="polite">
          {stars > 0 ? t(`stars.${starLabels[stars as keyof typeof starLabels]}`) : t('rate.chooseStars')}
        </p>
      </fieldset>
      <div className="mt-3 grid gap-1.5">
        <Label htmlFor={id}>{t('rate.comment')}</Label>
        <textarea
          id={id}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          maxLength={500}
          required
          className={textareaClass}
          placeholder={t('rate.commentPlaceholder')}
        />
      </div>
    </FormDialog>
  );
}
