import { ApiError } from './http';

/**
 * What a view does after one of the mutation hooks of src/api answers: a snackbar, navigation, its own state. The
 * hook updates the cache (invalidates what the change touched) first, then calls these, in the mutation's own
 * callbacks, so the order and timing stay those of a single `useMutation`.
 */
export interface ViewEffects<TData, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: Error, variables: TVariables) => void;
  onSettled?: (data: TData | undefined, error: Error | null, variables: TVariables) => void;
}

/** The save was made from a version someone else has since replaced (If-Match refused). */
export const changedMeanwhile = (error: unknown) => error instanceof ApiError && error.body?.code === 'records.changedMeanwhile';
