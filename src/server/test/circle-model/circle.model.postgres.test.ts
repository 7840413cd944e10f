import { describe, it } from 'vitest';
import { testEngines } from '#server/test/test-app.ts';
import { circleModelSuite } from './circle-model.ts';

// PostgreSQL runs when TEST_DATABASE_URL is set (as in CI); otherwise say so instead of passing silently.
if (testEngines.includes('postgres')) circleModelSuite('postgres');
else
  describe.skip('a circle’s life against a model on postgres (TEST_DATABASE_URL not set)', () =>
    it('runs', () => {}));
