import { circleModelSuite } from './circle-model.ts';

circleModelSuite('pglite');
