// Fills a PGlite folder (its server stopped) with the large data set, in a process of its own:
// a PGlite statement runs synchronously on the thread that issued it, and bench/data.ts must stay
// responsive to Ctrl-C (and to the tsx launcher relaying it) while the minute-long fill runs.
//   node --import tsx bench/lib/fill-pglite.ts <data dir> <analyze: true|false>
// Progress lines go to stdout; the last line is FILL_REPORT_PREFIX + the report as JSON.
import { openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { FILL_REPORT_PREFIX, fillLargeDataSet } from './data-set.ts';

const [dataDir, analyze] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: fill-pglite.ts <data dir> <analyze: true|false>');

// The same steps as the server's start: open the folder, apply the project's migrations (a no-op
// after the server's first start), then the bulk SQL.
const database = await openDatabase({ dataDir });
try {
  await migrateDatabase(database);
  const report = await fillLargeDataSet(database, {
    analyze: analyze !== 'false',
    log: (line) => console.log(line),
  });
  console.log(`${FILL_REPORT_PREFIX}${JSON.stringify(report)}`);
} finally {
  await database.close();
}
