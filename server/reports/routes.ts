/**
 * The admin's reports: GET /api/reports/{report} (JSON) and GET /api/reports/{report}/csv (the same tables as CSV),
 * admins only (a clerk is answered 403), over the stores the admin may see or one of them; and the enterprise
 * admin's GET /api/enterprise/reports/{report}: the aggregates of every company through the cross-tenant door of
 * migrations 0028 and 0033 (audited in each company and in the platform tenant). Every read is audited.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '../../src/contract/common';
import { daysBetween } from '../../src/contract/zonedTime';
import {
  booksReports,
  dayReports,
  EnterpriseReportParams,
  EnterpriseReportQuery,
  groupsOf,
  MAX_BOOKS_RANGE_DAYS,
  moneyReports,
  Report,
  ReportParams,
  ReportQuery,
  reportCsv,
  reportMessages as M,
  type ReportName,
} from '../../src/contract/reports';
import { defaultCurrency } from '../../src/contract/generalSettings';
import { audit } from '../audit/audit';
import type { Tx } from '../db/client';
import { localParts, rows } from '../db/values';
import { HttpError } from '../http/errors';
import { nowOf } from '../scope/audited';
import { canSeeStore, NotVisible, type Scope } from '../scope/scope';
import { enterpriseReport } from './enterprise';
import { buildReport } from './reports';
import { callerOf } from '../scope/context';

const security = [{ bearer: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** This month in a time zone: its first and last day, and today. */
export function thisMonth(now: Date, timeZone: string): { from: string; to: string; today: string } {
  const today = localParts(now, timeZone).date;
  const [y, m] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${today.slice(0, 7)}-01`, to: `${today.slice(0, 7)}-${String(last).padStart(2, '0')}`, today };
}

/**
 * The stores a report reads (one asked for, when the admin may see it; else all theirs), its time zone, and the
 * currencies they sell in. A money report reads only the stores of one currency: the one asked for, else the home
 * store's.
 */
async function reportStores(
  tx: Tx,
  scope: Scope,
  report: ReportName,
  q: Pick<ReportQuery, 'locationId' | 'currency'>,
): Promise<{ stores: string[]; timeZone: string; currency: string; currencies: string[] }> {
  const { locationId } = q;
  if (locationId && !canSeeStore(scope.stores, locationId)) throw new NotVisible('location', locationId);
  const all = await rows<{ id: string; time_zone: string; currency: string }>(tx, sql`select id, time_zone, currency from locations order by name, id`);
  const visible = all.filter((l) => (locationId ? l.id === locationId : canSeeStore(scope.stores, l.id)));
  if (locationId && !visible.length) throw new NotVisible('location', locationId);
  const home = visible.find((l) => l.id === scope.signedInAt) ?? visible[0];
  const currencies = [...new Set(visible.map((l) => l.currency))].sort();
  if (q.currency && !currencies.includes(q.currency)) throw new HttpError(400, 'request.fieldsInvalid', { fields: { currency: M.currency } });
  const currency = q.currency ?? home?.currency ?? defaultCurrency;
  const read = moneyReports.includes(report) ? visible.filter((l) => l.currency === currency) : visible;
  return { stores: read.map((l) => l.id), timeZone: home?.time_zone ?? 'UTC', currency, currencies };
}

async function runReport(request: FastifyRequest, report: ReportName, q: ReportQuery, format: 'json' | 'csv'): Promise<Report> {
  const offered = groupsOf[report];
  if (q.group && !offered.includes(q.group)) throw new HttpError(400, 'request.fieldsInvalid', { fields: { group: M.groupNotOffered } });
  const now = nowOf(request);
  return request.work(format === 'csv' ? 'report.export' : 'report.read', async ({ tx, scope }) => {
    const { stores, timeZone, currency, currencies } = await reportStores(tx, scope, report, q);
    const month = thisMonth(now, timeZone);
    const day = dayReports.includes(report);
    const from = q.from ?? (day ? month.today : month.from);
    const to = q.to ?? (day ? month.today : month.to);
    if (booksReports.includes(report) && daysBetween(from, to) >= MAX_BOOKS_RANGE_DAYS) throw new HttpError(400, 'request.fieldsInvalid', { fields: { to: M.booksRangeTooLong } });
    const result = await buildReport(tx, {
      report,
      stores,
      from,
      to,
      group: offered.length ? (q.group ?? offered[0]!) : null,
      locationId: q.locationId ?? null,
      today: month.today,
      now,
      currency,
      currencies,
    });
    return { result, audit: { targetType: 'report', targetId: report, details: { from: result.from, to: result.to, group: result.group, locationId: result.locationId, currency } } };
  });
}

const csvName = (r: Report) => `${r.report}-${r.from}-to-${r.to}.csv`;

function sendCsv(reply: FastifyReply, report: Report) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvName(report)}"`)
    .header('cache-control', 'no-store')
    .send(reportCsv(report));
}

export async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const admin = { access: ['admin'] as const };

  app.get(
    '/reports/:report',
    {
      config: admin,
      schema: {
        tags: ['reports'],
        summary: 'One report over a range of days (default this month) and a store (default every store the admin may see)',
        security,
        params: ReportParams,
        querystring: ReportQuery,
        response: { 200: Report, ...errors },
      },
    },
    (request) => runReport(request, request.params.report, request.query, 'json'),
  );

  app.get(
    '/reports/:report/csv',
    {
      config: admin,
      schema: {
        tags: ['reports'],
        summary: 'The same report as CSV (the tables of the JSON answer, money in major units)',
        security,
        params: ReportParams,
        querystring: ReportQuery,
        response: { ...errors },
      },
    },
    async (request, reply) => sendCsv(reply, await runReport(request, request.params.report, request.query, 'csv')),
  );

  app.get(
    '/enterprise/reports/:report',
    {
      config: { access: ['enterpriseadmin'] as const },
      schema: {
        tags: ['enterprise'],
        summary: 'A report across companies: each company\'s aggregates over a range of its stores\' days (never a record)',
        security,
        params: EnterpriseReportParams,
        querystring: EnterpriseReportQuery,
        response: { 200: Report, ...errors },
      },
    },
    async (request) => {
      const auth = callerOf(request);
      const now = nowOf(request);
      const month = thisMonth(now, 'UTC');
      const from = request.query.from ?? month.from;
      const to = request.query.to ?? month.to;
      return request.inTenant(async (tx) => {
        const result = await enterpriseReport(tx, { userId: auth.sub, ip: request.ip }, request.params.report, { from, to, today: month.today, now });
        await audit(tx, {
          tenantId: auth.tid,
          action: 'enterprise.report.read',
          outcome: 'success',
          actorUserId: auth.sub,
          actorRoles: auth.roles,
          ip: request.ip,
          targetType: 'report',
          targetId: request.params.report,
          details: { from, to },
        });
        return result;
      });
    },
  );
}
