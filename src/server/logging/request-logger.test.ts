import { describe, expect, it } from 'vitest';
import { capturedLog } from '#server/test/log-capture.ts';
import { requestLogger } from './request-logger.ts';

describe("a request's logger, made on its first written line", () => {
  it('writes what the level lets through, with the request id, redacted like the app logger', () => {
    const log = capturedLog('warn');
    const requestLog = requestLogger(log.logger, { reqId: 'req-1' }, {});
    requestLog.info('incoming request');
    requestLog.debug('details');
    expect(log.text()).toBe('');

    requestLog.warn({ user: { password: 'pw-abc' } }, 'refused');
    requestLog.error('failed');
    const lines = log.entries();
    expect(lines.map((line) => [line.msg, line.reqId])).toEqual([
      ['refused', 'req-1'],
      ['failed', 'req-1'],
    ]);
    expect(lines[0].user.password).toBe('[redacted]');
  });

  it('follows the level the app runs at, and its children keep the request id', () => {
    const log = capturedLog('info');
    const requestLog = requestLogger(log.logger, { reqId: 'req-2' }, {});
    requestLog.info('incoming request');
    requestLog.child({ job: 'x' }).info('from a child');
    expect(log.entries().map((line) => [line.msg, line.reqId, line.job])).toEqual([
      ['incoming request', 'req-2', undefined],
      ['from a child', 'req-2', 'x'],
    ]);
    expect(requestLog.level).toBe('info');
  });

  it('gives a route with its own level a logger at that level at once', () => {
    const log = capturedLog('warn');
    requestLogger(log.logger, { reqId: 'req-3' }, { level: 'info' }).info('route logs at info');
    expect(log.entries().map((line) => [line.msg, line.reqId])).toEqual([['route logs at info', 'req-3']]);
  });
});
