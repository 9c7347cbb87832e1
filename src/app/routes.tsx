import { Suspense, useEffect, useMemo, useState } from 'react';
import type { ComponentProps, ComponentType, ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { addAllTexts, addBookingTexts, fetchAllTexts, fetchBookingTexts } from '../i18n/appI18n';
import { I18nextPageTexts } from '../i18n/I18nextPageTexts';
import { SignInPage } from '../views/auth/SignInPage';
import { StoreSignInPage } from '../views/auth/StoreSignInPage';
import { NotFoundPage } from '../views/shell/NotFoundPage';
import { FirstPaintHandOff } from '../views/shell/FirstPaintHandOff';
import { PageLoadBoundary } from '../views/shell/PageLoadBoundary';
import { Splash } from '../views/shell/Splash';
import { preloadable } from '../views/shared/preloadable';
import type { Preloadable } from '../views/shared/preloadable';
import { useRouteAccessActor } from './routeAccess';
import type { RouteAccessActor } from './routeAccess';
import { PageSearchContext, PreloadPageContext } from '../views/shared/pageAddress';
import { PreloadHomeContext } from '../views/auth/preloadHome';
import { homeOf, isGuestOnly, resolveAccess, routeById } from '../contract/routeTable';
import type { Role } from '../contract/common';
import type { Page, RecordsView, RouteEntry, RouteParams } from '../contract/routeTable';
import type { staffPages } from './staffPages';

type StaffPages = typeof staffPages;
type StaffPageProps<K extends keyof StaffPages> = ComponentProps<Awaited<ReturnType<StaffPages[K]>>> & object;

// Split per route: the sign-in screens load with the app; the shell (with TanStack Query for the pages' server
// data) and every other page when first opened.
const Shell = preloadable(() => import('./SignedInShell').then((module) => module.SignedInShell));
const MultiLanguagePage = preloadable(() =>
  import('../views/pages/MultiLanguagePage').then((module) => module.MultiLanguagePage),
);
const ForgotPasswordPage = preloadable(() =>
  import('../views/auth/ForgotPasswordPage').then((module) => module.ForgotPasswordPage),
);
const NewUserPage = preloadable(() => import('../views/auth/NewUserPage').then((module) => module.NewUserPage));
// The staff pages come through one small chunk of their own (staffPages.ts), which imports each page's chunk.
const staffPage = <K extends keyof StaffPages>(name: K) =>
  preloadable<StaffPageProps<K>>(() =>
    import('./staffPages').then((module) => module.staffPages[name]() as Promise<ComponentType<StaffPageProps<K>>>),
  );
const AllFormsPage = staffPage('AllFormsPage');
const BoardsPage = staffPage('BoardsPage');
const FormBuilderRoute = staffPage('FormBuilderRoute');
const PatientChartPage = staffPage('PatientChartPage');
const PatientListPage = staffPage('PatientListPage');
const LabOrderLookupPage = staffPage('LabOrderLookupPage');
const WorkDeskPage = staffPage('WorkDeskPage');
const StoreDayPage = staffPage('StoreDayPage');
const InvoiceScreen = staffPage('InvoiceScreen');
const InvoiceLookupPage = staffPage('InvoiceLookupPage');
// The home of staff and admins, so not behind the staff pages' chunk: a page load fetches it one round trip sooner.
const PosPage = preloadable(() => import('../views/pos/PosPage').then((module) => module.PosPage));
const AccessPage = staffPage('AccessPage');
const GeneralSettingsPage = staffPage('GeneralSettingsPage');
const StoresPage = staffPage('StoresPage');
// Every person's own page (patients too), so not in the staff pages' chunk.
const ProfilePage = preloadable(() => import('../views/profile/ProfilePage').then((module) => module.ProfilePage));
// The inbox (patients and staff) and the guest order tracking page: their own chunks.
const InboxPage = preloadable(() => import('../views/inbox/InboxPage').then((module) => module.InboxPage));
const GuestBookingPage = preloadable(() => import('../views/booking/GuestBookingPage').then((module) => module.GuestBookingPage));
const TrackingPage = preloadable(() => import('../views/inbox/TrackingPage').then((module) => module.TrackingPage));
const VisitPage = preloadable(() => import('../views/visit/VisitPage').then((module) => module.VisitPage));
const TemplatesPage = staffPage('TemplatesPage');
const PortalMappingPage = staffPage('PortalMappingPage');
const CompanyCreatePage = staffPage('CompanyCreatePage');
const CompanyEditPage = staffPage('CompanyEditPage');
const ReportsPage = staffPage('ReportsPage');
const EnterpriseReportsPage = staffPage('EnterpriseReportsPage');
const LogoutPage = preloadable(() => import('../views/auth/LogoutPage').then((module) => module.LogoutPage));
// The public eForm page: its own chunk, drawn without the shell and without the signed-in session.
const PublicEformPage = preloadable(() =>
  import('../views/eforms/public/PublicEformPage').then((module) => module.PublicEformPage),
);

/** The pages in the entry chunk, whose texts are the start-up groups of English (src/i18n/startTexts.ts). */
const startPages: ReadonlySet<Page['kind']> = new Set<StartPage>(['signIn', 'storeSignIn', 'notFound']);

/**
 * Every English text in i18n before a lazy page renders (the entry has the start-up groups only). A lazy component
 * rendered beside the page, not around it, so that the texts and the page's chunk are fetched at the same time;
 * being first, it adds the texts before the page renders.
 */
const AllTexts = preloadable(() => fetchAllTexts().then(() => AddAllTexts));

function AddAllTexts() {
  const { i18n } = useTranslation();
  addAllTexts(i18n);
  return null;
}

/**
 * The store's public booking page draws only its own groups of texts (src/i18n/startTexts.ts bookingGroups): a new
 * patient opening it does not download every English text (bench/booking-js.ts).
 */
const BookingTexts = preloadable(() => fetchBookingTexts().then(() => AddBookingTexts));

function AddBookingTexts() {
  const { i18n } = useTranslation();
  addBookingTexts(i18n);
  return null;
}

/** The texts chunk a route's page waits for: none (the start-up groups), the booking page's, or every text. */
const textsOf = (route: RouteEntry): Preloadable | null =>
  hasStartTexts(route) ? null : route.page?.kind === 'guestBooking' ? BookingTexts : AllTexts;

// The patient record pages, the patient home and the kiosk sign-up, each its own chunk.
const recordPages = {
  demographicInfo: preloadable(() =>
    import('../views/portal/DemographicInfoPage').then((module) => module.DemographicInfoPage),
  ),
  rxInfo: preloadable(() => import('../views/portal/RxInfoPage').then((module) => module.RxInfoPage)),
  rxOrders: preloadable(() => import('../views/portal/RxOrdersPage').then((module) => module.RxOrdersPage)),
  appointments: preloadable(() => import('../views/portal/AppointmentsPage').then((module) => module.AppointmentsPage)),
  invoices: preloadable(() => import('../views/portal/InvoicesPage').then((module) => module.InvoicesPage)),
  invoice: preloadable(() => import('../views/portal/InvoiceDetailPage').then((module) => module.InvoiceDetailPage)),
  recalls: preloadable(() => import('../views/portal/RecallsPage').then((module) => module.RecallsPage)),
  orderStatus: preloadable(() => import('../views/portal/OrderStatusPage').then((module) => module.OrderStatusPage)),
  otherInfo: staffPage('OtherInfoPage'),
  ownForm: preloadable(() => import('../views/eforms/OwnFormPage').then((module) => module.OwnFormPage)),
};
const DashboardPage = preloadable(() => import('../views/dashboard/DashboardPage').then((module) => module.DashboardPage));
const KioskRegisterPage = preloadable(() =>
  import('../views/kiosk/KioskRegisterPage').then((module) => module.KioskRegisterPage),
);

type StartPage = 'signIn' | 'storeSignIn' | 'notFound';

/** The lazy chunk each other kind of page is drawn from (the record pages by view: `recordPages`). */
const pageChunks: Record<Exclude<Page['kind'], StartPage | 'records'>, Preloadable> = {
  forgotPassword: ForgotPasswordPage,
  newUser: NewUserPage,
  logout: LogoutPage,
  multiLanguage: MultiLanguagePage,
  publicEform: PublicEformPage,
  patientHome: DashboardPage,
  kioskRegister: KioskRegisterPage,
  eformsAll: AllFormsPage,
  eformBoards: BoardsPage,
  eformBuilder: FormBuilderRoute,
  patientChart: PatientChartPage,
  patientList: PatientListPage,
  labOrderLookup: LabOrderLookupPage,
  workDesk: WorkDeskPage,
  storeDay: StoreDayPage,
  invoiceScreen: InvoiceScreen,
  invoiceLookup: InvoiceLookupPage,
  pos: PosPage,
  access: AccessPage,
  generalSettings: GeneralSettingsPage,
  storesAdmin: StoresPage,
  profile: ProfilePage,
  inbox: InboxPage,
  orderTracking: TrackingPage,
  guestBooking: GuestBookingPage,
  visitReply: VisitPage,
  messageTemplates: TemplatesPage,
  portalMappings: PortalMappingPage,
  companyCreate: CompanyCreatePage,
  companyEdit: CompanyEditPage,
  reports: ReportsPage,
  enterpriseReports: EnterpriseReportsPage,
};

const chunksByRoute = new Map<RouteEntry, readonly Preloadable[]>();

/**
 * The lazy chunks a route draws: its page's own (none when the page is in the entry), the texts around it and the
 * shell. Fetched ahead on a page load (src/app/earlyStart.ts) and awaited at the splash before the first drawing.
 */
export function chunksOf(route: RouteEntry): readonly Preloadable[] {
  let chunks = chunksByRoute.get(route);
  if (!chunks) {
    const page = route.page;
    const own = !page ? null : page.kind === 'records' ? recordPages[page.view] : startPages.has(page.kind) ? null : pageChunks[page.kind as keyof typeof pageChunks];
    chunks = [own, textsOf(route), isDrawnAlone(route) ? null : Shell].filter((chunk): chunk is Preloadable => chunk !== null);
    chunksByRoute.set(route, chunks);
  }
  return chunks;
}

/** Fetches the chunks of the page at `path` as the signed-in roles would be granted it (links about to be followed). */
function preloadPageFor(routeAccess: RouteAccessActor) {
  return (path: string) => {
    const roles = routeAccess.getSnapshot().context.roles;
    if (!roles) return;
    const access = resolveAccess(path, roles, null);
    const route = routeById.get(access.routeId);
    // A chunk that fails now is asked again when it is needed, where a failure shows.
    if (!access.redirected && route) for (const chunk of chunksOf(route)) chunk.preload().catch(() => {});
  };
}

/** The query string of a granted address (what usePageSearch answers its page). */
const searchOf = (path: string) => {
  const at = path.indexOf('?');
  return at < 0 ? '' : path.slice(at + 1);
};

/**
 * Fetches the chunks of a role's home page (src/views/auth/preloadHome.ts); the early start (src/app/earlyStart.ts,
 * in the entry) starts that page's first calls as soon as the sign-in succeeds (src/app/runtime.ts).
 */
function preloadHomeOf(roles: readonly Role[]): void {
  const route = routeById.get(resolveAccess(homeOf(roles), roles, null).routeId);
  // A chunk that fails now is asked again when it is needed, where a failure shows.
  if (route) for (const chunk of chunksOf(route)) chunk.preload().catch(() => {});
}

/** Drawn without the shell: guest-only pages and the new-user page. */
export const isDrawnAlone = (route: RouteEntry) => isGuestOnly(route) || route.id === 'newUser';

/** Whether a page's English texts are all in the entry (its start-up groups). */
export const hasStartTexts = (route: RouteEntry) => isDrawnAlone(route) && !!route.page && startPages.has(route.page.kind);

function recordsPage(view: RecordsView, params: RouteParams): ReactNode {
  switch (view) {
    case 'rxOrders': {
      const RxOrders = recordPages.rxOrders;
      return <RxOrders rxId={params.rxid ?? ''} patientId={params.patientId} />;
    }
    case 'invoice': {
      const Invoice = recordPages.invoice;
      return <Invoice invoiceId={params.invoiceid ?? ''} patientId={params.patientId} />;
    }
    case 'ownForm': {
      const OwnForm = recordPages.ownForm;
      return <OwnForm assignmentId={params.assignmentId ?? ''} />;
    }
    default: {
      const View = recordPages[view];
      return <View />;
    }
  }
}

function pageOf(page: Page, params: RouteParams): ReactNode {
  switch (page.kind) {
    case 'signIn':
      return <SignInPage variant={page.variant} />;
    case 'storeSignIn':
      return <StoreSignInPage company={params.company ?? ''} store={params.store ?? ''} />;
    case 'forgotPassword':
      return <ForgotPasswordPage />;
    case 'newUser':
      return <NewUserPage />;
    case 'logout':
      return <LogoutPage />;
    case 'notFound':
      return <NotFoundPage />;
    case 'multiLanguage':
      return <MultiLanguagePage />;
    case 'publicEform':
      return (
        <I18nextPageTexts>
          <PublicEformPage />
        </I18nextPageTexts>
      );
    case 'records':
      return recordsPage(page.view, params);
    case 'patientHome':
      return <DashboardPage />;
    case 'kioskRegister':
      return <KioskRegisterPage />;
    case 'eformsAll':
      return <AllFormsPage />;
    case 'eformBoards':
      return <BoardsPage key={params.locationId} locationId={params.locationId ?? ''} boardUri={params.boardUri} />;
    case 'eformBuilder':
      // A new builder per form (a new form's first save moves the address to its edit page and loads it there).
      return (
        <FormBuilderRoute
          key={`${params.locationId ?? ''}/${params.formId ?? ''}`}
          locationId={params.locationId}
          formId={params.formId}
        />
      );
    case 'patientChart':
      return <PatientChartPage key={params.patientid} patientId={params.patientid ?? ''} locationId={params.locationId ?? ''} />;
    case 'patientList':
      return <PatientListPage key={params.type} type={params.type} />;
    case 'labOrderLookup':
      return <LabOrderLookupPage type={params.type ?? 'all'} />;
    case 'workDesk':
      return <WorkDeskPage type={params.type ?? 'all'} />;
    case 'storeDay':
      return <StoreDayPage locationId={params.locationId} />;
    case 'invoiceScreen':
      return <InvoiceScreen key={`${params.patientId ?? ''}`} patientId={params.patientId} locationId={params.locationId} />;
    case 'invoiceLookup':
      return <InvoiceLookupPage type={params.type ?? 'all'} />;
    case 'pos':
      return <PosPage type={params.type ?? 'all'} />;
    case 'access':
      return <AccessPage />;
    case 'generalSettings':
      return <GeneralSettingsPage type={params.type ?? 'all'} second={params.locationId} />;
    case 'storesAdmin':
      return <StoresPage />;
    case 'profile':
      return <ProfilePage />;
    case 'inbox':
      return <InboxPage />;
    case 'orderTracking':
      return <TrackingPage key={params.key} trackingKey={params.key ?? ''} />;
    case 'guestBooking':
      return <GuestBookingPage key={`${params.company}/${params.store}`} company={params.company ?? ''} store={params.store ?? ''} />;
    case 'visitReply':
      return <VisitPage key={params.key} visitKey={params.key ?? ''} />;
    case 'messageTemplates':
      return <TemplatesPage key={page.channel} channel={page.channel} />;
    case 'portalMappings':
      return <PortalMappingPage />;
    case 'companyCreate':
      return <CompanyCreatePage />;
    case 'companyEdit':
      return <CompanyEditPage key={params.companyID} companyId={params.companyID ?? ''} />;
    case 'reports':
      return <ReportsPage report={params.report ?? 'sales'} />;
    case 'enterpriseReports':
      return <EnterpriseReportsPage report={params.report ?? 'sales'} />;
  }
}

const none: readonly Preloadable[] = [];

/**
 * The splash, drawn as a page of its own, until the chunks are loaded; then the children. Not a Suspense fallback:
 * content that replaces a shown fallback is held back by React for up to 300 ms. A chunk that fails to load
 * leaves the children to suspend on it as usual.
 */
function SplashUntilLoaded({ chunks, children }: { chunks: readonly Preloadable[]; children: ReactNode }) {
  const [settled, setSettled] = useState<readonly Preloadable[] | null>(null);
  const waiting = settled !== chunks && chunks.some((chunk) => !chunk.isLoaded());
  useEffect(() => {
    if (!waiting) return;
    let current = true;
    void Promise.allSettled(chunks.map((chunk) => chunk.preload())).then(() => current && setSettled(chunks));
    return () => {
      current = false;
    };
  }, [waiting, chunks]);
  return waiting ? <Splash /> : children;
}

/**
 * Renders what the route-access machine granted (src/contract/routeTable.ts lists every route): guest-only pages
 * alone, every other page inside the shell with the route's layout override. While the session is checked, the
 * guard is sending the person elsewhere or a page's first drawing waits for its chunks, the splash shows.
 */
export function AppRoutes() {
  const routeAccess = useRouteAccessActor();
  const access = useSelector(routeAccess, (snapshot) => (snapshot.hasTag('granted') ? snapshot.context.access : null));
  const preloadPage = useMemo(() => preloadPageFor(routeAccess), [routeAccess]);
  const route = access && routeById.get(access.routeId);
  if (!access || !route?.page) return <Splash />;

  const page = pageOf(route.page, access.params);
  const alone = isDrawnAlone(route);
  // Once the shell is on screen, a page's chunk loads inside it (navigation and toolbar stay).
  const firstDrawing = alone || !Shell.isLoaded();
  return (
    <PageLoadBoundary routeId={route.id}>
      <SplashUntilLoaded chunks={firstDrawing ? chunksOf(route) : none}>
        <Suspense fallback={<Splash />}>
          {textsOf(route) === BookingTexts ? <BookingTexts /> : !hasStartTexts(route) && <AllTexts />}
          {alone ? (
            <PreloadHomeContext.Provider value={preloadHomeOf}>
              <FirstPaintHandOff />
              <PageSearchContext.Provider value={searchOf(access.path)}>{page}</PageSearchContext.Provider>
            </PreloadHomeContext.Provider>
          ) : (
            <Shell layout={route.layout}>
              {/* A page's chunk loading (or failing) on the way from another page leaves the shell in place. */}
              <PageLoadBoundary routeId={route.id} inShell>
                {/* With the page itself: the server's drawing stays until the app's page is there to replace it. */}
                <Suspense fallback={null}>
                  <FirstPaintHandOff />
                  <PreloadPageContext.Provider value={preloadPage}>
                    <PageSearchContext.Provider value={searchOf(access.path)}>{page}</PageSearchContext.Provider>
                  </PreloadPageContext.Provider>
                </Suspense>
              </PageLoadBoundary>
            </Shell>
          )}
        </Suspense>
      </SplashUntilLoaded>
    </PageLoadBoundary>
  );
}
