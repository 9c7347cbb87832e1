import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { addAllTexts, fetchAllTexts } from '../i18n/appI18n';
import { I18nextPageTexts } from '../i18n/I18nextPageTexts';
import { SignInPage } from '../views/auth/SignInPage';
import { StoreSignInPage } from '../views/auth/StoreSignInPage';
import { NotFoundPage } from '../views/shell/NotFoundPage';
import { Splash } from '../views/shell/Splash';
import { useRouteAccessActor } from './routeAccess';
import { isGuestOnly, routeById } from './routeTable';
import type { Page, RecordsView, RouteParams } from './routeTable';

// Split per route: the sign-in screens load with the app; the shell (with TanStack Query for the pages' server
// data) and every other page when first opened.
const Shell = lazy(() => import('./SignedInShell').then((module) => ({ default: module.SignedInShell })));
const ComingSoonPage = lazy(() =>
  import('../views/pages/ComingSoonPage').then((module) => ({ default: module.ComingSoonPage })),
);
const MultiLanguagePage = lazy(() =>
  import('../views/pages/MultiLanguagePage').then((module) => ({ default: module.MultiLanguagePage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../views/auth/ForgotPasswordPage').then((module) => ({ default: module.ForgotPasswordPage })),
);
const NewUserPage = lazy(() => import('../views/auth/NewUserPage').then((module) => ({ default: module.NewUserPage })));
const AllFormsPage = lazy(() =>
  import('../views/eforms/admin/AllFormsPage').then((module) => ({ default: module.AllFormsPage })),
);
const BoardsPage = lazy(() => import('../views/eforms/admin/BoardsPage').then((module) => ({ default: module.BoardsPage })));
const FormBuilderRoute = lazy(() =>
  import('../views/eforms/admin/FormBuilderPage').then((module) => ({ default: module.FormBuilderRoute })),
);
const PatientChartPage = lazy(() =>
  import('../views/patients/PatientChartPage').then((module) => ({ default: module.PatientChartPage })),
);
const PatientListPage = lazy(() =>
  import('../views/patients/PatientListPage').then((module) => ({ default: module.PatientListPage })),
);
const LogoutPage = lazy(() => import('../views/auth/LogoutPage').then((module) => ({ default: module.LogoutPage })));
// The public eForm page (issue 4): its own chunk, drawn without the shell and without the signed-in session.
const PublicEformPage = lazy(() =>
  import('../views/eforms/public/PublicEformPage').then((module) => ({ default: module.PublicEformPage })),
);

/** The pages in the entry chunk, whose texts are the start-up groups of English (src/i18n/startTexts.ts). */
const startPages: ReadonlySet<Page['kind']> = new Set(['signIn', 'storeSignIn', 'notFound']);

/**
 * Every English text in i18n before a lazy page renders (the entry has the start-up groups only). A lazy component
 * rendered beside the page, not around it, so that the texts and the page's chunk are fetched at the same time;
 * being first, it adds the texts before the page renders.
 */
const AllTexts = lazy(() => fetchAllTexts().then(() => ({ default: AddAllTexts })));

function AddAllTexts() {
  const { i18n } = useTranslation();
  addAllTexts(i18n);
  return null;
}

// Issue 5: the patient record pages, the patient home and the kiosk sign-up, each its own chunk.
const recordPages = {
  demographicInfo: lazy(() =>
    import('../views/patient/DemographicInfoPage').then((module) => ({ default: module.DemographicInfoPage })),
  ),
  rxInfo: lazy(() => import('../views/patient/RxInfoPage').then((module) => ({ default: module.RxInfoPage }))),
  rxOrders: lazy(() => import('../views/patient/RxOrdersPage').then((module) => ({ default: module.RxOrdersPage }))),
  appointments: lazy(() =>
    import('../views/patient/AppointmentsPage').then((module) => ({ default: module.AppointmentsPage })),
  ),
  invoices: lazy(() => import('../views/patient/InvoicesPage').then((module) => ({ default: module.InvoicesPage }))),
  invoice: lazy(() =>
    import('../views/patient/InvoiceDetailPage').then((module) => ({ default: module.InvoiceDetailPage })),
  ),
  recalls: lazy(() => import('../views/patient/RecallsPage').then((module) => ({ default: module.RecallsPage }))),
  orderStatus: lazy(() =>
    import('../views/patient/OrderStatusPage').then((module) => ({ default: module.OrderStatusPage })),
  ),
};
const DashboardPage = lazy(() =>
  import('../views/dashboard/DashboardPage').then((module) => ({ default: module.DashboardPage })),
);
const KioskRegisterPage = lazy(() =>
  import('../views/kiosk/KioskRegisterPage').then((module) => ({ default: module.KioskRegisterPage })),
);

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
    case 'comingSoon':
      return <ComingSoonPage area={page.area} />;
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
      return <PatientListPage />;
  }
}

/**
 * Renders what the route-access machine granted (src/app/routeTable.ts lists every route): guest-only pages
 * alone, every other page inside the shell with the route's layout override. While the session is checked or
 * the guard is sending the person elsewhere, the splash shows.
 */
export function AppRoutes() {
  const routeAccess = useRouteAccessActor();
  const access = useSelector(routeAccess, (snapshot) => (snapshot.hasTag('granted') ? snapshot.context.access : null));
  const route = access && routeById.get(access.routeId);
  if (!access || !route?.page) return <Splash />;

  const page = pageOf(route.page, access.params);
  const alone = isGuestOnly(route) || route.id === 'newUser';
  return (
    <Suspense fallback={<Splash />}>
      {!(alone && startPages.has(route.page.kind)) && <AllTexts />}
      {alone ? (
        page
      ) : (
        <Shell layout={route.layout}>
          {/* A page's chunk loading on the way from another page leaves the shell (navigation, toolbar) in place. */}
          <Suspense fallback={null}>{page}</Suspense>
        </Shell>
      )}
    </Suspense>
  );
}
