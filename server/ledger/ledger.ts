/**
 * The books (shared/design/ledger.md): the one writer of every movement of money and stock. Invoices, their lines
 * and payments, credit records (refunds and voids), store credit, register cash and stock movements are written
 * here and nowhere else (tests/server/ledger-writers.test.ts holds that); the database refuses what it can by itself
 * (migration 0036: paid within the total, store credit never below zero, cash tendered at least the amount).
 */
export { balanceRules, unbalancedInvoices, type BalanceRule } from './balance';
export { drawerFigures, expectedCashOf, recordCashMovement, type DrawerFigures } from './cash';
export {
  giveBack,
  givenBack,
  linesOf,
  nextInvoiceNumber,
  openSessionAt,
  recordInvoice,
  takePayments,
  type CreditLine,
  type InvoiceLineRow,
  type InvoiceRow,
  type LineEntry,
  type PaymentEntry,
  type PaymentRow,
} from './invoices';
export { moveStock, stockedQuantities } from './stock';
export { coverableByStoreCredit, storeCreditBalance } from './storeCredit';
export { mergePatientBooks } from './merge';
export { flagForReview, markReviewed, type ReviewReason } from './review';
export { discountLimitBp, requireDiscountWithinLimit } from './limits';
