import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { addCashMovement, closeSession, fetchSession, keepSessionReport, openSession, useRefreshRegisters } from '../api/pos';
import { isOffline } from '../api/http';
import type { SessionReport } from '../contract/pos';
import { registerSessionMachine } from '../machines/registerSession.machine';
import { keepReport, keptReport } from '../pos/registerChoice';

/**
 * The register page's registerSession actor. Each report of an open session is kept on the device, so that with no
 * connection the register opens on it, and is the session's latest in the query cache, which the session tab reads;
 * opening and closing a session make the store's registers stale.
 */
export function useRegisterSession(tenantId: string) {
  const queryClient = useQueryClient();
  const refreshRegisters = useRefreshRegisters(tenantId);
  const kept = (report: SessionReport) => {
    keepReport(tenantId, report);
    keepSessionReport(queryClient, tenantId, report);
    return report;
  };
  return useActorRef(
    registerSessionMachine.provide({
      actors: {
        loadSession: fromPromise(async ({ input, signal }) => {
          try {
            return kept(await fetchSession(input.sessionId, signal));
          } catch (error) {
            const last = input.registerId ? keptReport(tenantId, input.registerId) : null;
            if (isOffline(error) && last?.id === input.sessionId) return last;
            throw error;
          }
        }),
        openSession: fromPromise(async ({ input }) => {
          const report = kept(await openSession(input.registerId, { float: input.float, note: '' }));
          void refreshRegisters();
          return report;
        }),
        moveCash: fromPromise(async ({ input }) => kept(await addCashMovement(input.sessionId, input.movement))),
        closeSession: fromPromise(async ({ input }) => {
          const report = kept(await closeSession(input.sessionId, { counted: input.counted, note: '' }));
          void refreshRegisters();
          return report;
        }),
      },
    }),
  );
}
