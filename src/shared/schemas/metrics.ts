import { z } from 'zod';

/** GET /metrics: Prometheus text exposition format (version 0.0.4). */
export const metricsTextReply = z.string().describe('text/plain; version=0.0.4');
