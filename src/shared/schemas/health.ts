import { z } from 'zod';

/** GET /api/health: the database answered (otherwise 503 with the error reply). */
export const healthReply = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
