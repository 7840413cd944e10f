import { useTranslation } from 'react-i18next';
import type { MonitoringReply } from '#shared/schemas/monitoring.ts';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { ScrollRegion } from '#web/components/ui/scroll-region.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { useFormat } from '#web/lib/format.ts';

/** The system tab: what runs (version, Node, engine) and every server process alive now. */
export function SystemTab({ data }: { data: MonitoringReply }) {
  const { t } = useTranslation('systemDashboard');
  const format = useFormat();
  const { server, system, database } = data;
  return (
    <Card>
      <CardContent className="grid gap-6 p-5">
        <dl className="grid grid-cols-2 gap-4 md:grid-cols-3">
          <Stat label={t('version')} value={server.version} />
          <Stat label={t('node')} value={server.node} />
          <Stat label={t('engine')} value={t(`engines.${database.engine}`)} />
          <Stat label={t('instances')} value={format.number(system.instances)} />
          <Stat label={t('eventLoopDelay')} value={t('milliseconds', { value: system.eventLoopDelay })} />
        </dl>
        <section className="grid gap-2">
          <h2 className="font-semibold text-slate-900">{t('liveInstances')}</h2>
          {server.instances.length === 0 ? (
            <p className="text-sm text-slate-600">{t('noInstances')}</p>
          ) : (
            <ScrollRegion label={t('liveInstances')}>
              <table className="w-full text-sm">
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th scope="col" className="py-1 pe-4 text-start font-medium">
                      {t('instanceColumn')}
                    </th>
                    <th scope="col" className="py-1 pe-4 text-start font-medium">
                      {t('startedAt')}
                    </th>
                    <th scope="col" className="py-1 text-start font-medium">
                      {t('seenAt')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {server.instances.map((instance) => (
                    <tr key={instance.id} className="border-b border-slate-100">
                      <td dir="ltr" className="py-1 pe-4 text-start font-mono text-xs break-all">
                        {instance.id}
                      </td>
                      <td className="py-1 pe-4 whitespace-nowrap">{format.instant(instance.startedAt)}</td>
                      <td className="py-1 whitespace-nowrap">{format.instant(instance.seenAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
