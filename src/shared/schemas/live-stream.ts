import { z } from 'zod';

/**
 * GET /api/events answers `text/event-stream`, not JSON: `retry: 3000`, then one `data: {LiveEvent}`
 * per change, `event: resync` when events may have been missed, and a comment line every 25 s.
 */
export const liveStreamReply = z.string().meta({
  description:
    'text/event-stream: "retry: 3000", then "data: <LiveEvent JSON>" per change, "event: resync" to refetch everything, and ": heartbeat" comments',
});
