/** Jane Doe's records as the API answers them (typed by the contract, so a change of shape stops the compiler). */
import type {
  Appointment,
  AppointmentLists,
  EnterpriseSummary,
  InvoiceDetail,
  InvoiceList,
  LabOrder,
  LabOrderList,
  PatientDashboard,
  PatientProfile,
  Prescriptions,
  RecallList,
  RxOrders,
} from '../../src/contract/records';

export const ids = {
  jane: 'c1ea0000-0000-4000-8000-0000000a0001',
  downtown: '5d2f9b71-2c4e-4a8b-8f3d-9e6c1b7a4d20',
  rxNew: 'c1ea0000-0000-4000-8000-0000000b0001',
  rxOld: 'c1ea0000-0000-4000-8000-0000000b0002',
  cl: 'c1ea0000-0000-4000-8000-0000000c0001',
  upcoming: 'c1ea0000-0000-4000-8000-0000000d0001',
  past: 'c1ea0000-0000-4000-8000-0000000d0002',
  paid: 'c1ea0000-0000-4000-8000-0000000e0001',
  open: 'c1ea0000-0000-4000-8000-0000000e0002',
  order: 'c1ea0000-0000-4000-8000-0000000f0001',
  recall: 'c1ea0000-0000-4000-8000-000000100001',
};

const store = { locationId: ids.downtown, storeName: 'Downtown' };

export const profile: PatientProfile = {
  id: ids.jane,
  ...store,
  firstName: 'Jane',
  lastName: 'Doe',
  dateOfBirth: '1985-03-14',
  sex: 'female',
  phone: '+1 555 0142',
  email: 'patient@clearview.test',
  addressLine: '12 Elm Street',
  city: 'Springfield',
  postalCode: '62701',
  preferredChannel: 'email',
  preferredLanguage: 'en',
  guardianName: '',
  notes: '',
  hasPortalAccount: true,
  consentContact: true,
  consentPrivacy: true,
  consentAt: '2025-01-10T15:00:00.000Z',
  smsConsent: { given: true, source: 'record', at: null },
  createdVia: 'staff',
  createdAt: '2025-01-10T15:00:00.000Z',
  updatedAt: '2025-01-10T15:00:00.000Z',
};

const eye = { cylinder: null, axis: null, add: null, prism: null, prismBase: null, pdDistance: null, pdNear: null, readingSphere: null };

export const prescriptions: Prescriptions = {
  spectacle: [
    {
      id: ids.rxNew,
      patientId: ids.jane,
      ...store,
      examDate: '2026-05-02',
      expiresOn: '2028-05-02',
      expired: false,
      prescriber: 'Dr. Maya Patel',
      notes: '',
      createdAt: '2026-05-02T14:00:00.000Z',
      givenAt: null,
      updatedAt: '2026-01-10T15:00:00.000Z',
      source: 'manifest',
      right: { ...eye, sphere: -1.25, cylinder: -0.5, axis: 90, add: 2, prism: 1, prismBase: 'in', pdDistance: 31.5, pdNear: 30, readingSphere: 0.75 },
      left: { ...eye, sphere: 0, cylinder: -0.75, axis: 180, add: 2, pdDistance: 32, pdNear: 30.5, readingSphere: 2 },
    },
    {
      id: ids.rxOld,
      patientId: ids.jane,
      ...store,
      examDate: '2023-04-11',
      expiresOn: '2025-04-11',
      expired: true,
      prescriber: 'Dr. Sam Okafor',
      notes: '',
      createdAt: '2023-04-11T14:00:00.000Z',
      givenAt: null,
      updatedAt: '2026-01-10T15:00:00.000Z',
      source: 'manifest',
      right: { ...eye, sphere: -1 },
      left: { ...eye, sphere: 0.25 },
    },
  ],
  contactLens: [
    {
      id: ids.cl,
      patientId: ids.jane,
      ...store,
      examDate: '2026-05-02',
      expiresOn: '2027-05-02',
      expired: false,
      prescriber: 'Dr. Maya Patel',
      notes: '',
      createdAt: '2026-05-02T14:00:00.000Z',
      givenAt: null,
      updatedAt: '2026-01-10T15:00:00.000Z',
      brand: 'Acuvue Oasys',
      manufacturer: 'Johnson & Johnson',
      replacement: 'two-weekly',
      right: { power: -1.5, baseCurve: 8.4, diameter: 14, cylinder: null, axis: null, add: null },
      left: { power: -0.25, baseCurve: 8.4, diameter: 14, cylinder: null, axis: null, add: null },
    },
  ],
};

const appointment = (overrides: Partial<Appointment>): Appointment => ({
  id: ids.upcoming,
  patientId: ids.jane,
  ...store,
  timeZone: 'America/New_York',
  providerName: 'Dr. Maya Patel',
  type: 'eye-exam',
  status: 'booked',
  source: 'staff',
  patientReply: null,
  startsAt: '2026-12-03T15:30:00.000Z',
  endsAt: '2026-12-03T16:00:00.000Z',
  durationMinutes: 30,
  localDate: '2026-12-03',
  localTime: '10:30',
  notes: '',
  cancelledAt: null,
  canCancel: true,
  cancelNoticeHours: 24,
  ...overrides,
});

export const appointments: AppointmentLists = {
  upcoming: [appointment({})],
  past: [
    appointment({
      id: ids.past,
      type: 'contact-lens-fitting',
      status: 'completed',
      startsAt: '2026-05-02T14:00:00.000Z',
      endsAt: '2026-05-02T14:30:00.000Z',
      localDate: '2026-05-02',
      localTime: '10:00',
      canCancel: false,
    }),
  ],
};

export const order: LabOrder = {
  id: ids.order,
  number: 1042,
  patientId: ids.jane,
  ...store,
  status: 'in-production',
  rxId: ids.rxNew,
  invoiceId: ids.open,
  invoiceNumber: 2002,
  invoiceLineNo: 1,
  frame: { brand: 'Ray-Ban', model: 'RB5154 Clubmaster', colour: 'Tortoise', a: 51, b: 42, dbl: 21 },
  lens: { type: 'Progressive', material: '1.60', coatings: ['Anti-reflective'] },
  fittingHeights: { right: 22, left: 22 },
  labName: 'Precision Lens Lab',
  expectedOn: '2026-12-10',
  overdue: false,
  remakeOfId: null,
  remakeReason: null,
  remakeReasonKind: null,
  invoiceStatus: 'open',
  heldFrom: null,
  createdAt: '2026-11-20T15:00:00.000Z',
  updatedAt: '2026-11-21T15:00:00.000Z',
  events: [
    { fromStatus: null, status: 'draft', at: '2026-11-20T15:00:00.000Z', byName: 'Sam Staff', note: '' },
    { fromStatus: 'draft', status: 'sent-to-lab', at: '2026-11-20T16:00:00.000Z', byName: 'Sam Staff', note: '' },
    { fromStatus: 'sent-to-lab', status: 'in-production', at: '2026-11-21T15:00:00.000Z', byName: 'Precision Lens Lab', note: '' },
  ],
};

export const orders: LabOrderList = { orders: [order] };

export const rxOrders: RxOrders = { kind: 'spectacle', spectacle: prescriptions.spectacle[0]!, contactLens: null, orders: [order] };

const invoiceMoney = { currency: 'USD', subtotal: 42000, discountTotal: 2000, taxTotal: 3300, total: 43300 };

export const invoices: InvoiceList = {
  invoices: [
    {
      id: ids.open,
      number: 2002,
      patientId: ids.jane,
      ...store,
      status: 'open',
      issuedAt: '2026-11-20T15:00:00.000Z',
      ...invoiceMoney,
      paidTotal: 20000,
      balance: 23300,
      lineCount: 2,
    },
    {
      id: ids.paid,
      number: 2001,
      patientId: ids.jane,
      ...store,
      status: 'paid',
      issuedAt: '2026-05-02T15:00:00.000Z',
      currency: 'USD',
      subtotal: 9500,
      discountTotal: 0,
      taxTotal: 0,
      total: 9500,
      paidTotal: 9500,
      balance: 0,
      lineCount: 1,
    },
  ],
  balances: [{ currency: 'USD', amount: 23300 }],
};

export const invoice: InvoiceDetail = {
  ...invoices.invoices[0]!,
  notes: '',
  relatedInvoiceId: null,
  relatedInvoiceNumber: null,
  patientName: 'Jane Doe',
  lines: [
    { lineNo: 1, kind: 'product', sku: 'RB5154', description: 'Ray-Ban Clubmaster frame with progressive lenses', quantity: 1, unitPrice: 38000, discount: 2000, tax: 2970, total: 38970, givenBack: 0 },
    { lineNo: 2, kind: 'service', sku: 'EXAM', description: 'Comprehensive eye exam', quantity: 1, unitPrice: 4000, discount: 0, tax: 330, total: 4330, givenBack: 0 },
  ],
  payments: [{ id: 'c1ea0000-0000-4000-8000-000000110001', method: 'card', amount: 20000, paidAt: '2026-11-20T15:05:00.000Z', reference: 'VISA 4242', tendered: null }],
  store: {
    name: 'Downtown',
    address: '120 Market Street, Springfield',
    phone: '+1 555 0100',
    timeZone: 'America/New_York',
    taxRateBp: 825,
    companyName: 'Clearview Optical',
    taxNumber: '',
    receiptFooter: '',
    logo: null,
  },
  orders: [{ id: ids.order, number: 1042, status: 'in-production', expectedOn: '2026-12-10', invoiceLineNo: 1 }],
};

export const recalls: RecallList = {
  recalls: [
    {
      id: ids.recall,
      patientId: ids.jane,
      ...store,
      type: 'annual-exam',
      dueOn: '2026-10-01',
      status: 'pending',
      channel: 'email',
      lastSentAt: null,
      overdue: true,
    },
  ],
};

export const dashboard: PatientDashboard = {
  patient: { id: ids.jane, firstName: 'Jane', lastName: 'Doe', ...store },
  nextAppointment: appointments.upcoming[0]!,
  currentRx: prescriptions.spectacle[0]!,
  currentContactLensRx: prescriptions.contactLens[0]!,
  ordersInProgress: [order],
  balance: { openInvoices: 1, amounts: [{ currency: 'USD', amount: 23300 }] },
  recallsDue: recalls.recalls,
  formsToFill: [
    {
      id: 'c1ea0000-0000-4000-8000-000000120001',
      name: 'New Patient Intake',
      names: { language: 'en', translated: { ar: 'استمارة المريض الجديد', tr: 'Yeni Hasta Formu' } },
      ...store,
      expiresAt: '2026-12-20T15:00:00.000Z',
      requiresCode: true,
      sentAt: '2026-11-20T15:00:00.000Z',
    },
  ],
};

export const enterpriseSummary: EnterpriseSummary = {
  companies: [
    {
      tenantId: '0a6a3c4e-7b1d-4f2a-9c55-3e1f8d2b6a10',
      name: 'Clearview Optical',
      slug: 'clearview',
      stores: 2,
      patients: 41,
      upcomingAppointments: 3,
      openInvoices: 1,
      openBalances: [{ currency: 'USD', amount: 23300 }],
      labOrdersInProgress: 1,
    },
    {
      tenantId: '1b7b4d5f-8c2e-4a3b-9d66-4f2a9e3c7b21',
      name: 'Brightsight Eyecare',
      slug: 'brightsight',
      stores: 1,
      patients: 12,
      upcomingAppointments: 0,
      openInvoices: 0,
      openBalances: [],
      labOrdersInProgress: 0,
    },
  ],
};
