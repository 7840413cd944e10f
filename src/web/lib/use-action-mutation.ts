import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { type ToastInput, toast } from '#web/components/ui/toast-store.ts';
import { useRefusalText } from './use-error-text.ts';

/**
 * The outcome is shown by the screen itself (a form's error line, a page that changes to say so),
 * not by a toast; `shownOnScreen` says where, so the choice is visible in review.
 */
export type ShownOnScreen = { shownOnScreen: string };

/** The toast after the server agreed, built from its reply and what was sent. */
export type SuccessFeedback<TData, TVariables> =
  | ((data: TData, variables: TVariables) => ToastInput)
  | ShownOnScreen;

/**
 * The toast after the server refused or could not be reached: the title, and the server's reason
 * translated by its code, else the text under `fallbackKey` ("namespace:key").
 */
export type FailureFeedback<TVariables> =
  | {
      title: string | ((variables: TVariables) => string);
      fallbackKey: string | ((variables: TVariables) => string);
      /** A reason that is not the server's (a provider's window that failed to open), else null. */
      describe?: (error: Error) => string | null;
    }
  | ShownOnScreen;

export type ActionMutationOptions<TData, TVariables, TOnMutateResult> = Omit<
  UseMutationOptions<TData, Error, TVariables, TOnMutateResult>,
  'mutationFn'
> & {
  mutationFn: (variables: TVariables) => Promise<TData>;
  success: SuccessFeedback<TData, TVariables>;
  failure: FailureFeedback<TVariables>;
};

/**
 * Every mutation of the web app goes through here (a test fails on a `useMutation(` elsewhere), so
 * none can succeed or fail without the person being told: `success` and `failure` are required.
 * `onSuccess`/`onError` stay for side effects (refreshing, closing a dialog).
 */
export function useActionMutation<TData = unknown, TVariables = void, TOnMutateResult = unknown>(
  options: ActionMutationOptions<TData, TVariables, TOnMutateResult>,
) {
  const refusalText = useRefusalText();
  const { success, failure, onSuccess, onError, ...rest } = options;
  return useMutation<TData, Error, TVariables, TOnMutateResult>({
    ...rest,
    onSuccess: (data, variables, onMutateResult, context) => {
      if (typeof success === 'function') toast(success(data, variables));
      return onSuccess?.(data, variables, onMutateResult, context);
    },
    onError: (error, variables, onMutateResult, context) => {
      if ('fallbackKey' in failure) {
        toast({
          title: typeof failure.title === 'function' ? failure.title(variables) : failure.title,
          description:
            failure.describe?.(error) ??
            refusalText(
              error,
              typeof failure.fallbackKey === 'function'
                ? failure.fallbackKey(variables)
                : failure.fallbackKey,
            ),
          variant: 'destructive',
        });
      }
      return onError?.(error, variables, onMutateResult, context);
    },
  });
}
