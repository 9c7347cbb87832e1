import { useTranslation } from 'react-i18next';
import type { LabOrder } from '../../contract/records';
import { Isolated } from '../ui/Isolated';
import { Badge } from '../shared/records';
import { useFormats } from '../shared/format';
import { orderSteps } from './orderSteps';
import * as styles from '../shared/records.css';

const marks = { done: '✓', current: '●', pending: '○' } as const;

/** One lab order: its number, store, expected date and its progress as ordered steps (done, now, to come). */
export function OrderTimeline({ order }: { order: LabOrder }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const steps = orderSteps(order);
  const number = formats.number(order.number);
  return (
    <article className={styles.card} aria-labelledby={`order-${order.id}`}>
      <header className={styles.cardHeader}>
        <h2 id={`order-${order.id}`} className={styles.heading}>
          {t('records.orders.number', { number })}
        </h2>
        <Badge tone={order.status === 'cancelled' || order.status === 'on-hold' ? 'warning' : 'neutral'}>
          {t(`records.orders.statuses.${order.status}`)}
        </Badge>
      </header>
      <dl className={styles.facts}>
        <dt>{t('records.orders.store')}</dt>
        <dd>
          <bdi>{order.storeName}</bdi>
        </dd>
        <dt>{t('records.orders.expected')}</dt>
        <dd>{order.expectedOn ? formats.date(order.expectedOn) : t('records.orders.noExpected')}</dd>
        {(order.frame.brand || order.frame.model) && (
          <>
            <dt>{t('records.orders.frame')}</dt>
            <dd>{[order.frame.brand, order.frame.model, order.frame.colour].filter(Boolean).join(' · ')}</dd>
          </>
        )}
        {order.lens.type && (
          <>
            <dt>{t('records.orders.lens')}</dt>
            <dd>{[order.lens.type, order.lens.material, ...order.lens.coatings].filter(Boolean).join(' · ')}</dd>
          </>
        )}
      </dl>
      <ol className={styles.timeline} aria-label={t('records.orders.steps', { number })}>
        {steps.map((step, index) => (
          <li key={`${step.status}-${index}`} className={styles.step} aria-current={step.state === 'current' ? 'step' : undefined}>
            <span className={styles.stepMark[step.state]} aria-hidden="true">
              {marks[step.state]}
            </span>
            <span className={styles.stepText[step.state]}>
              {t(`records.orders.statuses.${step.status}`)} ({t(`records.orders.${step.state}`)})
              {step.event && (
                <>
                  <br />
                  <small>
                    <Isolated values={{ name: step.event.byName, when: formats.dateTime(step.event.at) }}>{(v) => t('records.orders.by', v)}</Isolated>
                  </small>
                </>
              )}
            </span>
          </li>
        ))}
      </ol>
    </article>
  );
}
