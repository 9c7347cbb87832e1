import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { fetchOwnForm, submitOwnForm } from '../api/ownForms';
import { useRefreshDashboard } from '../api/records';
import { eformMachine } from '../machines/eform.machine';

/**
 * The eForm machine on the patient's own session (/patient/forms/{assignmentId}): no encrypted tenant and no code
 * (the session proves who they are); the link token's place is taken by the assignment id.
 */
const ownFormMachine = eformMachine.provide({
  actors: {
    getTenant: fromPromise(async ({ input }) => ({ tenant: input.tenantId })),
    getForm: fromPromise(({ input, signal }) => fetchOwnForm(input.uri, signal)),
    submitForm: fromPromise(({ input, signal }) => submitOwnForm(input.uri, input.sectionlists, signal)),
  },
});

/** The form's state ends the visit: filled in, or no longer open. */
export const ownFormFinished = (snapshot: SnapshotFrom<typeof eformMachine>) =>
  snapshot.matches('received') || snapshot.matches('alreadySubmitted') || snapshot.matches('expired');

/** One visit's eForm actor; a form filled in (or no longer open) leaves the dashboard's list. */
export function useOwnFormActor(tenantId: string, assignmentId: string) {
  const actor = useActorRef(ownFormMachine, { input: { tenantId, uri: assignmentId } });
  const finished = useSelector(actor, ownFormFinished);
  const refreshDashboard = useRefreshDashboard(tenantId);
  useEffect(() => {
    if (finished) void refreshDashboard();
  }, [finished, refreshDashboard]);
  return actor;
}
