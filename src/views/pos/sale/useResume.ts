import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { posQueries, productById } from '../../../api/pos';
import { usePageSearch } from '../../shared/pageAddress';
import { rememberProducts } from './productLookup';
import type { PosSaleActor } from '../../ui/shellActors';

/** The sale tab's own address: what `?resume=` gives way to once it has been acted on. */
const saleAddress = '/admin/pos/all';

/**
 * `?resume=<parkedId>` (the parked tab's Resume): the parked sale or quote with its products as the store sells them
 * now. A parked line names only its product, so each is read by id as the store sells it; a product the store no
 * longer sells stops the resume with a message rather than dropping a line. Once acted on, the address loses
 * `?resume=`: the resumed sale is kept on the device from then on (src/pos/saleDraft.ts), and an address that kept it
 * would resume the parked sale again after a reload, even one this device has sold and not yet sent. A parked sale
 * that a waiting sale names is refused (the machine's `canResume`).
 */
export function useResume(actor: PosSaleActor, locationId: string, tenantId: string) {
  const { t } = useTranslation();
  const resumeId = new URLSearchParams(usePageSearch()).get('resume') ?? '';
  const parked = useQuery({ ...posQueries.parked(tenantId, locationId), enabled: resumeId !== '' && tenantId !== '' });
  // Whether the device has read its waiting sales: until then a resume cannot be told safe.
  const queueKnown = useSelector(actor, (snapshot) => snapshot.context.waitingParkedIds !== null);
  // A sale being built is not replaced: the resume waits until it ends.
  const empty = useSelector(actor, (snapshot) => snapshot.matches('empty'));
  const done = useRef<string | null>(null);
  // Said in the sale round it happened in: the next sale does not show it (issue 33).
  const round = useSelector(actor, (snapshot) => snapshot.context.saleRound);
  const [problem, setProblem] = useState<{ text: string; round: number } | null>(null);
  useEffect(() => {
    if (!resumeId || done.current === resumeId || !parked.isSuccess || !queueKnown) return;
    const leave = (why: string | null) => {
      done.current = resumeId;
      setProblem(why === null ? null : { text: why, round: actor.getSnapshot().context.saleRound });
      navigate(saleAddress, { replace: true });
    };
    const entry = parked.data.items.find((item) => item.id === resumeId);
    if (!entry) return leave(t('posSale.parked.notFound'));
    // The sale this register just parked (kept on the server), completed or kept to send gives way to the one resumed.
    const before = actor.getSnapshot();
    if (before.matches('parked') || before.matches('completed') || before.matches({ waitingToSync: 'queued' })) actor.send({ type: 'sale.new' });
    if (!actor.getSnapshot().matches('empty')) return;
    if (!actor.getSnapshot().can({ type: 'sale.resume', parked: entry, products: [] })) return leave(t('posSale.parked.waiting'));
    done.current = resumeId;
    const ids = [...new Set(entry.lines.map((line) => line.productId))];
    Promise.all(ids.map((id) => productById(locationId, id)))
      .then((products) => {
        rememberProducts({ tenantId, locationId }, products);
        setProblem(null);
        actor.send({ type: 'sale.resume', parked: entry, products });
        navigate(saleAddress, { replace: true });
      })
      .catch(() => leave(t('posSale.parked.missing')));
  }, [actor, empty, parked.data, parked.isSuccess, queueKnown, resumeId, locationId, tenantId, t]);
  return problem && problem.round === round ? problem.text : null;
}
