import { useQuery } from '@tanstack/react-query';
import { ListOrdered } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { TabLoadFailed } from '#web/components/ui/tab-states.tsx';
import type { GroupDetail } from '#web/lib/group-detail.ts';
import { type Escrow, escrowQueries } from './queries.ts';
import { ReleaseFunds } from './release-funds.tsx';
import { TransactionList } from './transaction-list.tsx';

/** View Details: the escrow's transaction history from the ledger; in it, an admin has Release Funds. */
export function TransactionsDialog(props: { escrow: Escrow; detail: GroupDetail; recipient: string }) {
  const { t } = useTranslation('escrow');
  const { escrow, detail } = props;
  const [open, setOpen] = useState(false);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" data-testid="view-details">
          <ListOrdered aria-hidden />
          {t('details.open')}
        </Button>
      </DialogTrigger>
      <DialogContent
        closeLabel={t('common:actions.close')}
        className="max-h-[90vh] max-w-2xl overflow-y-auto"
      >
        <DialogHeader>
          <DialogTitle className="text-lg font-semibold text-slate-900">
            {t('details.title', { cycle: escrow.cycleNumber })}
          </DialogTitle>
          <DialogDescription className="text-sm text-slate-700">{t('details.description')}</DialogDescription>
        </DialogHeader>
        <TransactionsBody escrow={escrow} groupId={detail.group.id} enabled={open} />
        {detail.viewer.isAdmin && escrow.status !== 'released' && (
          <ReleaseFunds escrow={escrow} detail={detail} recipient={props.recipient} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The history itself: loading, failed (with a retry) or the list. Fetched only while the dialog is open. */
function TransactionsBody(props: { escrow: Escrow; groupId: number; enabled: boolean }) {
  const { t } = useTranslation('escrow');
  const query = useQuery({
    ...escrowQueries.transactions(props.groupId, props.escrow.id),
    enabled: props.enabled,
  });
  if (query.isPending)
    return (
      <div role="status" className="grid gap-2">
        <span className="sr-only">{t('details.loading')}</span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-14" />
        ))}
      </div>
    );
  if (query.isError)
    return (
      <TabLoadFailed
        message={t('details.loadFailed')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  return <TransactionList transactions={query.data.transactions} />;
}
