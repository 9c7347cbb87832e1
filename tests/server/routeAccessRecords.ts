/**
 * The access walk's specs of the staff record routes (server/patients, rx, appointments, sales, labOrders, recalls):
 * admins and staff only; the kiosk registers patients only.
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { messages } from '../../src/contract/common';
import { recordDemoIds } from '../../server/db/seed-records';
import { demoIds, json } from './harness';
import { UNKNOWN_UUID, accounts, ctxOf, walkMappings, type Account, type AccountName, type Caller, type Ctx } from './routeAccessCallers';
import type { RouteSpec } from './routeAccessTable';

export function recordRoutes(): Record<string, RouteSpec> {
  return {
    // Staff record writes (server/patients, rx, appointments, sales, labOrders, recalls routes.ts): admins and staff only; the kiosk registers patients only.
    ...((): Record<string, RouteSpec> => {
      const staffRoles = ['admin', 'staff'] as const;
      const refusedOr = (check: (res: LightMyRequestResponse, x: Ctx, c: AccountName) => void) => (res: LightMyRequestResponse, c: Caller, x: Ctx) => {
        if (res.statusCode === 404) expect(json(res)).toEqual({ error: messages.notFound, code: 'request.notFound' });
        else check(res, x, c as AccountName);
      };
      let walkPatients = 0;
      const newPatient = (x: Ctx) => ({ locationId: x.locationId, firstName: 'Walk', lastName: `Walker ${(walkPatients += 1)}`, dateOfBirth: '1990-01-01', email: `walk${walkPatients}@example.test` });
      // Ids no company has: every admitted caller gets 404 and learns nothing.
      const unknown = () => ({ access: staffRoles, admitted: () => 404, check: refusedOr(() => {}) });
      return {
        'GET /api/patients': {
          access: staffRoles,
          admitted: () => 200,
          check: refusedOr((res, x, c) => {
            const stores = (accounts[c] as Account).onlyStores ?? (x === ctxOf.clearview ? [demoIds.downtown, demoIds.uptown] : [demoIds.main]);
            for (const p of json<{ items: { locationId: string }[] }>(res).items) expect(stores).toContain(p.locationId);
          }),
        },
        'POST /api/patients': {
          access: staffRoles,
          body: newPatient,
          admitted: () => 201,
          check: refusedOr((res, x) => expect(json(res)).toMatchObject({ locationId: x.locationId, createdVia: 'staff' })),
        },
        'GET /api/duplicate-patients': {
          access: staffRoles,
          admitted: () => 200,
          check: refusedOr((res, x, c) => {
            const stores = (accounts[c] as Account).onlyStores ?? (x === ctxOf.clearview ? [demoIds.downtown, demoIds.uptown] : [demoIds.main]);
            for (const p of json<{ pairs: { first: { locationId: string }; second: { locationId: string } }[] }>(res).pairs) {
              expect(stores).toContain(p.first.locationId);
              expect(stores).toContain(p.second.locationId);
            }
          }),
        },
        'POST /api/duplicate-patients/merge': { ...unknown(), body: () => ({ keep: UNKNOWN_UUID, retire: randomUUID() }) },
        'PATCH /api/patients/:patientId': { ...unknown(), url: () => `/api/patients/${UNKNOWN_UUID}`, body: () => ({ notes: 'x' }) },
        'POST /api/patients/:patientId/spectacle-rx': {
          ...unknown(),
          url: () => `/api/patients/${UNKNOWN_UUID}/spectacle-rx`,
          body: () => ({ examDate: '2026-01-01', prescriber: 'Dr', right: { sphere: -1 }, left: { sphere: -1 } }),
        },
        'POST /api/patients/:patientId/contact-lens-rx': {
          ...unknown(),
          url: () => `/api/patients/${UNKNOWN_UUID}/contact-lens-rx`,
          body: () => ({ examDate: '2026-01-01', prescriber: 'Dr', brand: 'B', replacement: 'daily', right: { power: -1, baseCurve: 8.6, diameter: 14.2 }, left: { power: -1, baseCurve: 8.6, diameter: 14.2 } }),
        },
        'PUT /api/patients/:patientId/spectacle-rx/:rxId': {
          ...unknown(),
          url: () => `/api/patients/${UNKNOWN_UUID}/spectacle-rx/${UNKNOWN_UUID}`,
          body: () => ({ examDate: '2026-01-01', prescriber: 'Dr', right: { sphere: -1 }, left: { sphere: -1 } }),
        },
        'PUT /api/patients/:patientId/contact-lens-rx/:rxId': {
          ...unknown(),
          url: () => `/api/patients/${UNKNOWN_UUID}/contact-lens-rx/${UNKNOWN_UUID}`,
          body: () => ({ examDate: '2026-01-01', prescriber: 'Dr', brand: 'B', replacement: 'daily', right: { power: -1, baseCurve: 8.6, diameter: 14.2 }, left: { power: -1, baseCurve: 8.6, diameter: 14.2 } }),
        },
        'POST /api/patients/:patientId/prescriptions/:rxId/given': { ...unknown(), url: () => `/api/patients/${UNKNOWN_UUID}/prescriptions/${UNKNOWN_UUID}/given` },
        'GET /api/appointments/providers': { ...unknown(), url: () => `/api/appointments/providers?locationId=${UNKNOWN_UUID}` },
        'GET /api/booking/day': { ...unknown(), url: () => `/api/booking/day?locationId=${UNKNOWN_UUID}&date=2031-01-06` },
        'POST /api/appointments': {
          ...unknown(),
          body: () => ({ patientId: UNKNOWN_UUID, providerId: UNKNOWN_UUID, type: 'eye-exam', startsAt: '2031-01-01T09:00:00Z' }),
        },
        'POST /api/appointments/:appointmentId/status': { ...unknown(), url: () => `/api/appointments/${UNKNOWN_UUID}/status`, body: () => ({ to: 'confirmed' }) },
        'POST /api/invoices': { ...unknown(), body: () => ({ patientId: UNKNOWN_UUID, lines: [{ kind: 'service', description: 'Exam', quantity: 1, unitPrice: 100 }] }) },
        'POST /api/invoices/:invoiceId/payments': { ...unknown(), url: () => `/api/invoices/${UNKNOWN_UUID}/payments`, body: () => ({ method: 'cash', amount: 100 }) },
        'POST /api/invoices/:invoiceId/void': { ...unknown(), url: () => `/api/invoices/${UNKNOWN_UUID}/void`, body: () => ({ reason: 'Walk' }) },
        'POST /api/invoices/:invoiceId/receipt-email': { ...unknown(), url: () => `/api/invoices/${UNKNOWN_UUID}/receipt-email` },
        'GET /api/invoices': {
          access: staffRoles,
          admitted: () => 200,
          check: refusedOr((res, x, c) => {
            const stores = (accounts[c] as Account).onlyStores ?? (x === ctxOf.clearview ? [demoIds.downtown, demoIds.uptown] : [demoIds.main]);
            for (const i of json<{ items: { locationId: string }[] }>(res).items) expect(stores).toContain(i.locationId);
          }),
        },
        'GET /api/invoices/totals': {
          access: staffRoles,
          admitted: () => 200,
          check: refusedOr((res) => expect(json<{ count: number }>(res).count).toBeGreaterThan(0)),
        },
        'POST /api/lab-orders': {
          ...unknown(),
          body: () => ({ patientId: UNKNOWN_UUID, rxId: UNKNOWN_UUID, invoiceId: UNKNOWN_UUID, invoiceLineNo: 1, frame: {}, lens: { type: 'single vision' } }),
        },
        'POST /api/lab-orders/:orderId/status': { ...unknown(), url: () => `/api/lab-orders/${UNKNOWN_UUID}/status`, body: () => ({ to: 'sent-to-lab' }) },
        // The lab-order lookup and the work desk (server/labOrders, server/workDesk): only the caller's stores.
        'GET /api/lab-orders': {
          access: staffRoles,
          admitted: () => 200,
          check: refusedOr((res, x, c) => {
            const stores = (accounts[c] as Account).onlyStores ?? (x === ctxOf.clearview ? [demoIds.downtown, demoIds.uptown] : [demoIds.main]);
            for (const o of json<{ items: { locationId: string }[] }>(res).items) expect(stores).toContain(o.locationId);
          }),
        },
        'POST /api/lab-orders/status': {
          access: staffRoles,
          body: () => ({ to: 'sent-to-lab', orders: [{ id: UNKNOWN_UUID, from: 'draft' }] }),
          admitted: () => 200,
          check: refusedOr((res) => expect(json(res)).toEqual({ results: [{ id: UNKNOWN_UUID, ok: false, httpStatus: 404, code: 'request.notFound', error: messages.notFound }] })),
        },
        'GET /api/workdesk': {
          access: staffRoles,
          admitted: () => 200,
          check: refusedOr((res, x, c) => {
            const stores = (accounts[c] as Account).onlyStores ?? (x === ctxOf.clearview ? [demoIds.downtown, demoIds.uptown] : [demoIds.main]);
            for (const i of json<{ items: { locationId: string }[] }>(res).items) expect(stores).toContain(i.locationId);
          }),
        },
        'POST /api/eforms/assignments/:assignmentId/review': { ...unknown(), url: () => `/api/eforms/assignments/${UNKNOWN_UUID}/review`, body: () => ({ copies: [] }) },
        'POST /api/recalls': { ...unknown(), body: () => ({ patientId: UNKNOWN_UUID, type: 'annual-exam', dueOn: '2027-01-01' }) },
        'POST /api/recalls/:recallId/status': { ...unknown(), url: () => `/api/recalls/${UNKNOWN_UUID}/status`, body: () => ({ to: 'dismissed' }) },
        // The point of sale (server/pos): admins and staff, in their own stores.
        'GET /api/pos/products': {
          access: staffRoles,
          url: (x) => `/api/pos/products?locationId=${x.locationId}&q=a`,
          admitted: () => 200,
          check: refusedOr((res) => expect(json<{ items: unknown[] }>(res).items.length).toBeGreaterThan(0)),
        },
        'GET /api/pos/products/popular': {
          access: staffRoles,
          url: (x) => `/api/pos/products/popular?locationId=${x.locationId}`,
          admitted: () => 200,
          check: refusedOr((res) => expect(Array.isArray(json<{ items: unknown[] }>(res).items)).toBe(true)),
        },
        'GET /api/pos/products/barcode/:barcode': {
          access: staffRoles,
          url: (x) => `/api/pos/products/barcode/0000000000000?locationId=${x.locationId}`,
          admitted: () => 404,
          check: (res) => expect(json(res)).toMatchObject({ code: 'pos.barcodeNotFound' }),
        },
        'GET /api/pos/products/:productId': {
          access: staffRoles,
          url: (x) => `/api/pos/products/${UNKNOWN_UUID}?locationId=${x.locationId}`,
          admitted: () => 404,
          check: (res) => expect(json(res)).toMatchObject({ code: 'pos.productUnavailable' }),
        },
        'GET /api/pos/registers': {
          access: staffRoles,
          admitted: () => 200,
          check: refusedOr((res, x, c) => {
            const stores = (accounts[c] as Account).onlyStores ?? (x === ctxOf.clearview ? [demoIds.downtown, demoIds.uptown] : [demoIds.main]);
            const found = json<{ registers: { locationId: string }[] }>(res).registers;
            expect(found.length).toBeGreaterThan(0);
            for (const r of found) expect(stores).toContain(r.locationId);
          }),
        },
        'POST /api/pos/registers/:registerId/sessions': { ...unknown(), url: () => `/api/pos/registers/${UNKNOWN_UUID}/sessions`, body: () => ({ float: [] }) },
        'GET /api/pos/sessions/:sessionId': { ...unknown(), url: () => `/api/pos/sessions/${UNKNOWN_UUID}` },
        'POST /api/pos/sessions/:sessionId/movements': {
          ...unknown(),
          url: () => `/api/pos/sessions/${UNKNOWN_UUID}/movements`,
          body: () => ({ kind: 'pay-in', amount: 100, reason: 'Walk' }),
        },
        'POST /api/pos/sessions/:sessionId/close': { ...unknown(), url: () => `/api/pos/sessions/${UNKNOWN_UUID}/close`, body: () => ({ counted: [] }) },
        'POST /api/pos/sales': {
          ...unknown(),
          body: () => ({ clientSaleId: randomUUID(), registerSessionId: UNKNOWN_UUID, patientId: null, lines: [{ productId: UNKNOWN_UUID, quantity: 1 }], shownTotal: 0 }),
        },
        'GET /api/pos/parked': {
          access: staffRoles,
          url: (x) => `/api/pos/parked?locationId=${x.locationId}`,
          admitted: () => 200,
          check: refusedOr((res) => expect(Array.isArray(json<{ items: unknown[] }>(res).items)).toBe(true)),
        },
        'PUT /api/pos/parked/:parkedId': {
          ...unknown(),
          url: () => `/api/pos/parked/${UNKNOWN_UUID}`,
          body: () => ({ id: UNKNOWN_UUID, locationId: UNKNOWN_UUID, kind: 'parked', patientId: null, lines: [{ productId: UNKNOWN_UUID, quantity: 1 }] }),
        },
        'DELETE /api/pos/parked/:parkedId': { ...unknown(), url: () => `/api/pos/parked/${UNKNOWN_UUID}` },
        'GET /api/pos/history': { ...unknown(), url: () => `/api/pos/history?registerId=${UNKNOWN_UUID}` },
        'GET /api/pos/invoices/:invoiceId': { ...unknown(), url: () => `/api/pos/invoices/${UNKNOWN_UUID}` },
        'POST /api/pos/invoices/:invoiceId/refunds': {
          ...unknown(),
          url: () => `/api/pos/invoices/${UNKNOWN_UUID}/refunds`,
          body: () => ({ clientRefundId: randomUUID(), registerSessionId: UNKNOWN_UUID, lines: [{ lineNo: 1, quantity: 1 }], reason: 'Walk' }),
        },
        'POST /api/pos/invoices/:invoiceId/receipt-email': { ...unknown(), url: () => `/api/pos/invoices/${UNKNOWN_UUID}/receipt-email` },
        'GET /api/pos/patients/:patientId/store-credit': { ...unknown(), url: () => `/api/pos/patients/${UNKNOWN_UUID}/store-credit` },
        'GET /api/pos/review': { access: staffRoles, admitted: () => 200, check: refusedOr(() => {}) },
        'POST /api/pos/review/:invoiceId/reviewed': { ...unknown(), url: () => `/api/pos/review/${UNKNOWN_UUID}/reviewed` },
        'POST /api/kiosk/patients': {
          access: ['kiosk'],
          body: () => ({ firstName: 'Kim', lastName: 'Walk', dateOfBirth: '2000-02-02', email: 'kim.walk@example.test', consentPrivacy: true }),
          admitted: () => 201,
          check: refusedOr((res) => expect(Object.keys(json(res)).sort()).toEqual(['firstName', 'id'])),
        },
      };
    })(),
    ...((): Record<string, RouteSpec> => {
      // Each company's demo patient and their records: Jane Doe (Clearview), John Roe (Brightsight).
      const own = (x: Ctx) =>
        x.tenant === demoIds.clearview
          ? { patient: demoIds.janeDoe, rx: recordDemoIds.janeRx, invoice: recordDemoIds.janePaidInvoice, appointment: recordDemoIds.janeUpcomingAppointment }
          : { patient: demoIds.johnRoe, rx: recordDemoIds.johnRx, invoice: recordDemoIds.johnInvoice, appointment: recordDemoIds.johnAppointment };
      const sections: [string, (x: Ctx) => string][] = [
        ['/profile', () => '/profile'],
        ['/prescriptions', () => '/prescriptions'],
        ['/prescriptions/:rxId/orders', (x) => `/prescriptions/${own(x).rx}/orders`],
        ['/appointments', () => '/appointments'],
        ['/invoices', () => '/invoices'],
        ['/invoices/:invoiceId', (x) => `/invoices/${own(x).invoice}`],
        ['/recalls', () => '/recalls'],
        ['/orders', () => '/orders'],
      ];
      const isOwn = (res: LightMyRequestResponse, _c: Caller, x: Ctx) => expect(res.body).toContain(own(x).patient);
      const specs: Record<string, RouteSpec> = {};
      for (const [path, url] of sections) {
        specs[`GET /api/my${path}`] = { access: ['patient'], url: (x) => `/api/my${url(x)}`, admitted: () => 200, check: isOwn };
        specs[`GET /api/patients/:patientId${path}`] = {
          access: ['admin', 'staff'],
          url: (x) => `/api/patients/${own(x).patient}${url(x)}`,
          admitted: () => 200,
          check: isOwn,
        };
      }
      for (const log of ['messages', 'activity'] as const) {
        specs[`GET /api/patients/:patientId/${log}`] = {
          access: ['admin', 'staff'],
          url: (x) => `/api/patients/${own(x).patient}/${log}`,
          admitted: () => 200,
          check: (res) => expect(Array.isArray(json<Record<string, unknown>>(res)[log === 'messages' ? 'messages' : 'entries'])).toBe(true),
        };
      }
      specs['PATCH /api/my/profile'] = { access: ['patient'], body: () => ({ preferredLanguage: 'en' }), admitted: () => 200, check: isOwn };
      specs['POST /api/my/appointments/:appointmentId/cancel'] = {
        access: ['patient'],
        url: (x) => `/api/my/appointments/${own(x).appointment}/cancel`,
        admitted: () => 200,
        check: (res, _c, x) => expect(json(res)).toMatchObject({ id: own(x).appointment, status: 'cancelled' }),
      };
      specs['GET /api/my/dashboard'] = { access: ['patient'], admitted: () => 200, check: isOwn };
      // A patient's own form by assignment id: another's (or none) is not found.
      specs['GET /api/my/forms/:assignmentId'] = { access: ['patient'], url: () => `/api/my/forms/${UNKNOWN_UUID}`, admitted: () => 404 };
      specs['POST /api/my/forms/:assignmentId/submit'] = {
        access: ['patient'],
        url: () => `/api/my/forms/${UNKNOWN_UUID}/submit`,
        body: () => ({ sectionlists: [] }),
        admitted: () => 404,
      };
      specs['GET /api/enterprise/summary'] = {
        access: ['enterpriseadmin'],
        admitted: () => 200,
        // Aggregates per company: the enterprise admin sees the companies' names and ids, nothing of their people.
        platformMaySee: [demoIds.clearview, demoIds.brightsight, 'clearview', 'brightsight'],
        check: (res) => expect(json<{ companies: { slug: string }[] }>(res).companies.map((c) => c.slug)).toEqual(['brightsight', 'clearview']),
      };
      // The enterprise admin's screens: companies and stores by name and address, never their people.
      const companyLevel = [demoIds.clearview, demoIds.brightsight, demoIds.downtown, demoIds.uptown, demoIds.main, 'clearview', 'brightsight', 'downtown', 'uptown', 'main street', 'springfield', 'riverton'];
      const enterpriseSpec = (status: number, check?: RouteSpec['check']): Omit<RouteSpec, 'url' | 'body'> => ({
        access: ['enterpriseadmin'],
        admitted: () => status,
        platformMaySee: companyLevel,
        check,
      });
      specs['GET /api/enterprise/companies'] = enterpriseSpec(200, (res) =>
        expect(json<{ companies: { slug: string }[] }>(res).companies.map((c) => c.slug)).toEqual(expect.arrayContaining(['brightsight', 'clearview'])),
      );
      specs['GET /api/enterprise/companies/:companyId'] = {
        ...enterpriseSpec(200, (res) => expect(json(res)).toMatchObject({ slug: 'brightsight' })),
        url: () => `/api/enterprise/companies/${demoIds.brightsight}`,
      };
      specs['POST /api/enterprise/companies'] = {
        ...enterpriseSpec(201),
        body: () => ({
          name: 'Walk Optics',
          slug: 'walk-optics',
          logo: null,
          store: { name: 'Walkway', slug: 'walkway', address: '', phone: '', timeZone: 'UTC', taxRateBp: 0 },
          admin: { displayName: 'Walt Walker', email: 'walt@walk.test' },
        }),
      };
      specs['PUT /api/enterprise/companies/:companyId'] = {
        ...enterpriseSpec(200),
        url: () => `/api/enterprise/companies/${demoIds.brightsight}`,
        body: () => ({ name: 'Brightsight Eyecare', slug: 'brightsight' }),
      };
      specs['PUT /api/enterprise/companies/:companyId/suspension'] = {
        ...enterpriseSpec(200, (res) => expect(json(res)).toMatchObject({ suspendedAt: null })),
        url: () => `/api/enterprise/companies/${demoIds.brightsight}/suspension`,
        body: () => ({ suspended: false }),
      };
      specs['POST /api/enterprise/companies/:companyId/stores'] = {
        ...enterpriseSpec(201, (res) => expect(json<{ stores: { slug: string }[] }>(res).stores.map((s) => s.slug)).toContain('walk-enterprise')),
        url: () => `/api/enterprise/companies/${demoIds.brightsight}/stores`,
        // Named as the walk's other added stores, which the store lists leave out of their demo stores.
        body: () => ({ name: 'Walk store', slug: 'walk-enterprise', address: '', phone: '', timeZone: 'UTC', taxRateBp: 0 }),
      };
      specs['GET /api/enterprise/portal-mappings'] = enterpriseSpec(200, (res) =>
        expect(json<{ mappings: { companySlug: string }[] }>(res).mappings.map((m) => m.companySlug)).toEqual(expect.arrayContaining(['brightsight', 'clearview'])),
      );
      specs['POST /api/enterprise/portal-mappings'] = {
        ...enterpriseSpec(201),
        body: () => ({ tenantId: demoIds.brightsight, locationId: demoIds.main, companySlug: 'brightsight', storeSlug: 'walk-main' }),
      };
      specs['PUT /api/enterprise/portal-mappings/:mappingId'] = {
        ...enterpriseSpec(200),
        url: () => `/api/enterprise/portal-mappings/${walkMappings.kept}`,
        body: () => ({ tenantId: demoIds.brightsight, locationId: demoIds.main, companySlug: 'brightsight', storeSlug: 'main' }),
      };
      specs['DELETE /api/enterprise/portal-mappings/:mappingId'] = {
        ...enterpriseSpec(200),
        url: () => `/api/enterprise/portal-mappings/${walkMappings.removed}`,
      };
      // Reports across companies: each company's sums only.
      specs['GET /api/enterprise/reports/:report'] = { ...enterpriseSpec(200), url: () => '/api/enterprise/reports/sales' };
      return specs;
    })(),
  };
}
