import { ArrowDown, ArrowUp, Dices, Info, Lock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';
import type { GroupDetail } from '#web/lib/group-detail.ts';
import { moveItem, sameMembers, sameOrder, unpaidCycles } from './rotation-order.ts';
import { useAdjustRotation } from './use-adjust-rotation.ts';

type Direction = -1 | 1;

/**
 * Admin: reorder who receives the cycles not yet paid out with move up / move down buttons.
 * Each cycle keeps its number and dates; only its recipient changes. Paid cycles stay fixed.
 */
export function RotationEditor({ detail, onDone }: { detail: GroupDetail; onDone: () => void }) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const adjust = useAdjustRotation(detail.group.id);
  const paid = detail.cycles.filter((c) => c.status === 'completed');
  const slots = unpaidCycles(detail);
  const original = slots.map((c) => c.recipientId ?? 0);
  const [edited, setEdited] = useState(original);
  // After a refresh (a failed save refetches), an order naming other people than the open slots is stale.
  const order = sameMembers(edited, original) ? edited : original;
  const [announcement, setAnnouncement] = useState('');
  const [focusAfterMove, setFocusAfterMove] = useState<{ userId: number; direction: Direction } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const names = new Map(slots.map((c) => [c.recipientId ?? 0, c.recipientName]));
  const wasCycle = new Map(slots.map((c) => [c.recipientId ?? 0, c.cycleNumber]));
  const nameOf = (userId: number) => {
    const name = names.get(userId) ?? '';
    return userId === detail.viewer.userId ? t('members.nameYou', { name }) : name;
  };
  const changed = !sameOrder(order, original);

  // Moving re-renders the list; keep the keyboard on the moved person (the other arrow at an edge).
  useEffect(() => {
    if (!focusAfterMove) return;
    const { userId, direction } = focusAfterMove;
    const same = buttons.current.get(`${userId}:${direction}`);
    const other = buttons.current.get(`${userId}:${-direction}`);
    (same && !same.disabled ? same : other)?.focus();
  }, [focusAfterMove]);

  const move = (index: number, direction: Direction) => {
    const userId = order[index]!;
    setEdited(moveItem(order, index, direction));
    setFocusAfterMove({ userId, direction });
    setAnnouncement(
      t('rotationEditor.movedTo', { name: nameOf(userId), cycle: slots[index + direction]!.cycleNumber }),
    );
  };

  const save = () => adjust.mutate(order, { onSuccess: onDone });

  return (
    <div className="grid gap-4" data-testid="rotation-editor">
      <p className="flex items-start gap-2 rounded-xl bg-brand-50 p-3 text-sm text-slate-800">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-700" />
        {t('rotationEditor.note')}
      </p>
      {detail.group.rotationMethod === 'random_draw' && (
        <p className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-950">
          <Dices aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
          {t('rotationEditor.drawWarning')}
        </p>
      )}

      {paid.length > 0 && (
        <section aria-labelledby="rotation-fixed-title" className="grid gap-2">
          <h3 id="rotation-fixed-title" className="text-sm font-semibold text-slate-800">
            {t('rotationEditor.fixedTitle')}
          </h3>
          <ol className="grid gap-2">
            {paid.map((cycle) => (
              <li
                key={cycle.cycleNumber}
                className="flex items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3"
              >
                <CycleNumber value={cycle.cycleNumber} />
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words text-slate-700">{cycle.recipientName}</p>
                  <p className="text-xs text-slate-600">
                    {cycle.actualDate
                      ? t('rotation.paidOutOn', { date: format.instant(cycle.actualDate) })
                      : t('rotationEditor.paid')}
                  </p>
                </div>
                <Lock
                  role="img"
                  aria-label={t('rotationEditor.fixed')}
                  className="size-4 shrink-0 text-slate-500"
                />
              </li>
            ))}
          </ol>
        </section>
      )}

      <section aria-labelledby="rotation-open-title" className="grid gap-2">
        <h3 id="rotation-open-title" className="text-sm font-semibold text-slate-800">
          {t('rotationEditor.openTitle')}
        </h3>
        <ol className="grid gap-2" data-testid="rotation-editor-list">
          {order.map((userId, index) => {
            const slot = slots[index]!;
            const moved = wasCycle.get(userId) !== slot.cycleNumber;
            const name = nameOf(userId);
            return (
              <li
                key={userId}
                className={cn(
                  'flex items-center gap-3 rounded-xl border border-slate-200 p-3',
                  moved && 'border-brand-600 bg-brand-50',
                )}
                data-testid="rotation-editor-item"
              >
                <CycleNumber value={slot.cycleNumber} />
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words text-slate-900">{name}</p>
                  <p className="text-xs text-slate-600">
                    {t('rotation.scheduledFor', { date: format.day(slot.scheduledDate) })}
                    {moved && (
                      <span className="ms-1 font-medium text-brand-800">
                        {t('rotationEditor.wasCycle', { cycle: wasCycle.get(userId) })}
                      </span>
                    )}
                  </p>
                </div>
                <div className="flex shrink-0 gap-1">
                  {([-1, 1] as const).map((direction) => {
                    const target = slots[index + direction];
                    const Icon = direction === -1 ? ArrowUp : ArrowDown;
                    return (
                      <Button
                        key={direction}
                        ref={(el) => {
                          if (el) buttons.current.set(`${userId}:${direction}`, el);
                          else buttons.current.delete(`${userId}:${direction}`);
                        }}
                        type="button"
                        variant="secondary"
                        size="icon"
                        className="size-10"
                        disabled={!target || adjust.isPending}
                        aria-label={
                          target
                            ? t(direction === -1 ? 'rotationEditor.moveUp' : 'rotationEditor.moveDown', {
                                name,
                                cycle: target.cycleNumber,
                              })
                            : t(direction === -1 ? 'rotationEditor.atTop' : 'rotationEditor.atBottom', {
                                name,
                              })
                        }
                        onClick={() => move(index, direction)}
                      >
                        <Icon aria-hidden />
                      </Button>
                    );
                  })}
                </div>
              </li>
            );
          })}
        </ol>
      </section>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onDone} disabled={adjust.isPending}>
          {t('rotationEditor.cancel')}
        </Button>
        <Button type="button" onClick={save} disabled={!changed || adjust.isPending}>
          {adjust.isPending ? t('rotationEditor.saving') : t('rotationEditor.save')}
        </Button>
      </div>
    </div>
  );
}

function CycleNumber({ value }: { value: number }) {
  return (
    <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 font-semibold text-slate-800">
      {value}
    </span>
  );
}
