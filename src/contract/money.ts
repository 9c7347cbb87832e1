/**
 * Money arithmetic shared by the register and the server: amounts are integer minor units of a currency whose
 * minor digits come from Intl (computed once per currency).
 */
const digitsByCurrency = new Map<string, number>();

/** How many minor digits a currency has (USD 2, JPY 0, KWD 3). */
export function minorDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/** Minor units as the server's English text of them ($12.50): the values of its messages. */
export function moneyText(currency: string): (minor: number) => string {
  const format = new Intl.NumberFormat('en', { style: 'currency', currency });
  const digits = minorDigits(currency);
  return (minor) => format.format(minor / 10 ** digits);
}
