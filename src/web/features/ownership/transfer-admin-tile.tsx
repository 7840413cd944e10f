import { useQuery } from '@tanstack/react-query';
import { UserRoundCog } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { selectClass } from '#web/components/ui/field.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { Label } from '#web/components/ui/input.tsx';
import { memberQueries } from '#web/features/members/queries.ts';
import { useFormat } from '#web/lib/format.ts';
import { ownershipQueries, useOwnershipAction } from './queries.ts';

/**
 * Transfer Admin (spec 001 §2.3's action tile): the owner offers the circle to a member, who must
 * accept; while the offer is open it shows here with Cancel. Co-admins see what it does, not the button.
 */
export function TransferAdminTile({ groupId }: { groupId: number }) {
  const { t } = useTranslation('ownership');
  const format = useFormat();
  const members = useQuery(memberQueries.list(groupId));
  const open = useQuery(ownershipQueries.open(groupId));
  const cancel = useOwnershipAction(groupId, 'cancel');
  const isOwner = members.data?.viewer.isOwner ?? false;
  const transfer = open.data?.transfer ?? null;
  return (
    <Card className="min-w-0" data-testid="transfer-admin-tile">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserRoundCog aria-hidden className="size-5 shrink-0 text-brand-700" />
          {t('tile.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm text-slate-700">
        <p className="break-words">{t('tile.body')}</p>
        {!isOwner && members.data && <p className="text-slate-600">{t('tile.ownerOnly')}</p>}
        {isOwner && transfer && (
          <div
            className="grid gap-2 rounded-lg bg-amber-50 p-3 text-amber-950"
            data-testid="transfer-pending"
          >
            <p className="break-words">
              {t('tile.pending', { name: transfer.to.fullName, date: format.instantDay(transfer.expiresAt) })}
            </p>
            <Button
              variant="secondary"
              size="sm"
              className="justify-self-start"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate(undefined)}
              data-testid="transfer-cancel"
            >
              {cancel.isPending ? t('tile.canceling') : t('tile.cancel')}
            </Button>
          </div>
        )}
        {isOwner && !transfer && members.data && (
          <TransferDialog
            groupId={groupId}
            candidates={members.data.members
              .filter((m) => !m.isOwner)
              .map((m) => ({ userId: m.userId, name: m.name }))}
          />
        )}
      </CardContent>
    </Card>
  );
}

function TransferDialog({
  groupId,
  candidates,
}: {
  groupId: number;
  candidates: { userId: number; name: string }[];
}) {
  const { t } = useTranslation('ownership');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState('');
  const offer = useOwnershipAction(groupId, 'offer');
  const target = candidates.find((c) => String(c.userId) === chosen);
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setChosen('');
      }}
      trigger={
        <Button size="sm" className="justify-self-start" data-testid="transfer-open">
          {t('tile.open')}
        </Button>
      }
      title={t('dialog.title')}
      description={t('dialog.description')}
      cancelLabel={t('dialog.cancel')}
      submitLabel={t('dialog.send')}
      pendingLabel={t('dialog.sending')}
      pending={offer.isPending}
      canSubmit={target !== undefined}
      submitTestId="transfer-send"
      onSubmit={() => target && offer.mutate(target, { onSuccess: () => setOpen(false) })}
    >
      {candidates.length === 0 ? (
        <p className="text-sm text-slate-700">{t('dialog.noMembers')}</p>
      ) : (
        <div className="grid grid-cols-1 gap-1.5">
          <Label htmlFor={id}>{t('dialog.member')}</Label>
          <select
            id={id}
            className={selectClass}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
            data-testid="transfer-member"
          >
            <option value="">{t('dialog.choose')}</option>
            {candidates.map((c) => (
              <option key={c.userId} value={c.userId}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      )}
    </FormDialog>
  );
}
