// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n, withToasts } from '#web/test/render.tsx';
import { debitInProgress, replyWith } from '#web/test/reply-with.ts';
import { apiRequest } from './api.ts';
import { type ActionMutationOptions, useActionMutation } from './use-action-mutation.ts';

const webRoot = path.join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('every mutation tells the person how it went', () => {
  it('no file of the web app calls useMutation itself: all go through useActionMutation', () => {
    const offenders = sourceFiles(webRoot)
      .filter((file) => !file.endsWith(path.join('lib', 'use-action-mutation.ts')))
      .filter((file) => /\buseMutation\b/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(webRoot, file));
    expect(offenders).toEqual([]);
  });

  it('the app really uses it (the scan above is not vacuous)', () => {
    const users = sourceFiles(webRoot).filter((file) =>
      readFileSync(file, 'utf8').includes('useActionMutation({'),
    );
    expect(users.length).toBeGreaterThan(40);
  });

  it('requires both feedbacks by type', () => {
    type Options = ActionMutationOptions<unknown, void, unknown>;
    const mutationFn = async () => ({});
    // @ts-expect-error no failure feedback
    const noFailure: Options = { mutationFn, success: () => ({ title: 'Done' }) };
    // @ts-expect-error no success feedback
    const noSuccess: Options = { mutationFn, failure: { title: 'Failed', fallbackKey: 'x' } };
    expect([noFailure, noSuccess]).toHaveLength(2);
  });
});

const wrapper = withToasts('es');

function useConfirm() {
  return useActionMutation({
    mutationFn: () => apiRequest('POST', '/api/contributions/5/confirm'),
    success: () => ({ title: 'Confirmed' }),
    failure: { title: 'Not confirmed', fallbackKey: 'groupPage:toast.tryAgain' },
  });
}

describe('useActionMutation', () => {
  it("shows the server's refusal, translated by its code, in a destructive toast", async () => {
    replyWith(debitInProgress, 409);
    const { result } = renderHook(useConfirm, { wrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(document.body.textContent).toContain('Not confirmed'));
    expect(document.body.textContent).toContain(testI18n('es').t('common:errors.DEBIT_IN_PROGRESS'));
  });

  it('shows the success toast built from the reply', async () => {
    replyWith({ success: true });
    const { result } = renderHook(useConfirm, { wrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(document.body.textContent).toContain('Confirmed'));
  });
});
