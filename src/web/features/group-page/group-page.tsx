import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeft } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { UnreadBadge } from '#web/features/chat/unread-badge.tsx';
import { PayDialog } from '#web/features/contributions/pay-dialog.tsx';
import { OwnershipOfferBanner } from '#web/features/ownership/ownership-offer-banner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { type GroupDetail, groupDetailQueries } from '#web/lib/group-detail.ts';
import { PrerenderedHandOff } from '#web/lib/prerendered.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { GroupHeader } from './group-header.tsx';
import { parseGroupId } from './group-id.ts';
import { GroupPageSkeleton } from './group-page-skeleton.tsx';
import { OverviewTab } from './overview-tab.tsx';
import { LazyTabPanel, loadTabPanel } from './tab-panels.tsx';

const tabs = [
  'overview',
  'rotation',
  'schedule',
  'members',
  'escrow',
  'security',
  'payments',
  'autopay',
  'verification',
  'chat',
  'news',
] as const;
type Tab = (typeof tabs)[number];
const prefetch = (tab: Tab) => void (tab !== 'overview' && loadTabPanel[tab]());

function BackToGroups() {
  const { t } = useTranslation('groupPage');
  return (
    <Button variant="ghost" asChild className="-ms-2 self-start">
      <Link href="/groups">
        <ArrowLeft aria-hidden className="rtl:rotate-180" />
        {t('backToGroups')}
      </Link>
    </Button>
  );
}

export default function GroupPage() {
  const { t } = useTranslation('groupPage');
  const params = useParams<{ id?: string }>();
  const id = parseGroupId(params.id);
  if (id === null)
    return (
      <Card className="mx-auto max-w-lg">
        <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
          <AlertTriangle aria-hidden className="size-10 text-amber-600" />
          <h1 className="text-xl font-semibold text-slate-900">{t('invalidUrl')}</h1>
          <Button asChild>
            <Link href="/groups">{t('backToGroups')}</Link>
          </Button>
        </CardContent>
      </Card>
    );
  return <GroupPageContent id={id} />;
}

/** The circle is gone, or the reader is no longer in it: trying again cannot help. */
const isFinal = (error: unknown) =>
  error instanceof ApiError && (error.status === 403 || error.status === 404);

function GroupPageContent({ id }: { id: number }) {
  const query = useQuery(groupDetailQueries.detail(id));
  // A failed refresh of a page already shown (a network blip, a restart) keeps it, and whatever the
  // reader has open on it; the next live event or reconnection refreshes it again.
  const shown = query.data;
  const failed = query.isError && (shown === undefined || isFinal(query.error));
  let body: ReactNode;
  if (query.isPending) body = <GroupPageSkeleton />;
  else if (failed || shown === undefined)
    body = (
      <LoadError
        id={id}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else body = <GroupView detail={shown} />;
  return (
    <div className="flex flex-col gap-4">
      {/* The server's drawing of this page (decision 0048) gives way once the app shows why not, or the
          circle's open tab (GroupView). */}
      {failed && <PrerenderedHandOff />}
      <BackToGroups />
      {body}
    </div>
  );
}

function LoadError(props: { id: number; error: unknown; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation('groupPage');
  const errorText = useErrorText();
  const final = isFinal(props.error);
  return (
    <Card role="alert">
      <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
        <AlertTriangle aria-hidden className="size-10 text-red-600" />
        <h1 className="text-xl font-semibold text-slate-900">{t('loadFailed')}</h1>
        <p className="text-sm text-slate-600">{t('groupId', { id: props.id })}</p>
        <p className="text-slate-700" data-testid="load-error-reason">
          {errorText(props.error, 'groupPage:loadFailedBody')}
        </p>
        {!final && (
          <Button variant="secondary" onClick={props.onRetry} disabled={props.retrying}>
            {t('retry')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function GroupView({ detail }: { detail: GroupDetail }) {
  const { t, i18n } = useTranslation('groupPage');
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab: Tab = tabs.includes(requested as Tab) ? (requested as Tab) : 'overview';
  const payOpen = search.get('pay') === '1';

  // The URL carries the tab and the open pay dialog, so a reload or a shared link (?pay=1) lands there.
  const update = (change: (next: URLSearchParams) => void) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        change(next);
        return next;
      },
      { replace: true },
    );
  const setTab = (value: string) =>
    update((next) => (value === 'overview' ? next.delete('tab') : next.set('tab', value)));
  const setPayOpen = (open: boolean) => update((next) => (open ? next.set('pay', '1') : next.delete('pay')));

  // On a phone the tab strip scrolls: keep the open tab in sight (after a reload, a shared link, a
  // switch of reading direction or a turn of the phone too).
  const strip = useRef<HTMLDivElement>(null);
  const direction = i18n.dir();
  useEffect(() => {
    const reveal = () =>
      strip.current
        ?.querySelector('[data-state="active"]')
        ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    reveal();
    window.addEventListener('resize', reveal);
    return () => window.removeEventListener('resize', reveal);
  }, [tab, direction]);

  const labels: Record<Tab, string> = {
    overview: t('tabs.overview'),
    rotation: t('tabs.rotation'),
    schedule: t('tabs.schedule'),
    members: t('tabs.members'),
    escrow: t('tabs.escrow'),
    security: t('tabs.security'),
    payments: t('tabs.payments'),
    autopay: t('tabs.autopay'),
    verification: t('tabs.verification'),
    chat: t('tabs.chat'),
    news: t('tabs.news'),
  };

  return (
    <>
      <GroupHeader detail={detail} />
      <OwnershipOfferBanner
        groupId={detail.group.id}
        groupName={detail.group.name}
        viewerId={detail.viewer.userId}
      />
      <Tabs value={tab} onValueChange={setTab} className="flex flex-col gap-4">
        <div ref={strip} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <TabsList aria-label={t('tabs.label')} className="min-w-max sm:min-w-0">
            {tabs.map((value) => (
              <TabsTrigger
                key={value}
                value={value}
                className="flex-none px-3 sm:flex-1"
                data-testid={`tab-${value}`}
                // A tab's code starts loading as the pointer or focus reaches it, before the press.
                onPointerEnter={() => prefetch(value)}
                onFocus={() => prefetch(value)}
              >
                {labels[value]}
                {value === 'chat' && <UnreadBadge groupId={detail.group.id} className="ms-1.5" />}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="overview">
          <OverviewTab detail={detail} onPay={() => setPayOpen(true)} />
          {tab === 'overview' && <PrerenderedHandOff />}
        </TabsContent>
        {tabs.map(
          (value) =>
            value !== 'overview' && (
              <TabsContent key={value} value={value}>
                <LazyTabPanel tab={value} detail={detail} />
              </TabsContent>
            ),
        )}
      </Tabs>
      <PayDialog detail={detail} open={payOpen} onOpenChange={setPayOpen} />
    </>
  );
}
