import type { TFunction } from 'i18next';
import { ReviewReason, type SaleToReview } from '../../contract/salesToReview';
import type { Formats } from './format';

/** A reason's short name (the session report lists reasons without their figures); an unknown one as it came. */
export const reasonName = (t: TFunction, reason: string): string =>
  ReviewReason.safeParse(reason).success ? t(`salesToReview.reasons.${reason}`) : reason;

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';
const field = (value: unknown, name: string): unknown => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined);

/**
 * One reason as a sentence with the figure behind it (`details`, money in minor units of the sale's currency, times
 * in the store's zone). A figure the server did not send leaves the reason's short name rather than a broken sentence.
 */
export function reasonSentence(t: TFunction, formats: Formats, sale: SaleToReview, reason: ReviewReason, timeZone: string | undefined): string {
  const figure = sale.details[reason];
  const money = (minor: number) => formats.money(minor, sale.currency);
  switch (reason) {
    case 'overpaid':
    case 'storeCreditShort':
      return isNumber(figure) ? t(`salesToReview.explained.${reason}`, { amount: money(figure) }) : reasonName(t, reason);
    case 'priceChanged': {
      const shown = field(figure, 'shown');
      const recorded = field(figure, 'recorded');
      return isNumber(shown) && isNumber(recorded)
        ? t('salesToReview.explained.priceChanged', { shown: money(shown), recorded: money(recorded) })
        : reasonName(t, reason);
    }
    case 'needsConnection': {
      const payments = (Array.isArray(figure) ? figure : []).flatMap((payment: unknown) => {
        const method = field(payment, 'method');
        const amount = field(payment, 'amount');
        return isText(method) && isNumber(amount) ? [`${t(`records.invoices.methods.${method}`, { defaultValue: method })} ${money(amount)}`] : [];
      });
      return payments.length ? t('salesToReview.explained.needsConnection', { payments: payments.join(', ') }) : reasonName(t, reason);
    }
    case 'soldAtMoved': {
      const sent = field(figure, 'sent');
      const recorded = field(figure, 'recorded');
      return isText(sent) && isText(recorded)
        ? t('salesToReview.explained.soldAtMoved', { sent: formats.dateTime(sent, timeZone), recorded: formats.dateTime(recorded, timeZone) })
        : reasonName(t, reason);
    }
    case 'parkedGone':
      return t('salesToReview.explained.parkedGone');
  }
}
