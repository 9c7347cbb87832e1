import { lazy, Suspense } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ViewSlotsProvider } from '../views/shared/slots';
import type { PatientEformsProps, ViewSlots } from '../views/shared/slots';
import { Spinner } from '../views/ui/Spinner';

// Each with the page that shows it: their chunks load when first drawn, as the pages' own parts do.
const LazyStaffPatientTabs = lazy(() => import('../views/patients/StaffPatientTabs').then((module) => ({ default: module.StaffPatientTabs })));
const LazyPatientEforms = lazy(() => import('../views/eforms/admin/PatientEforms').then((module) => ({ default: module.PatientEforms })));

function Loading({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <Suspense fallback={<Spinner label={t('patientChart.loadingTab')} />}>{children}</Suspense>;
}

const slots: ViewSlots = {
  StaffPatientTabs: (props: ComponentProps<ViewSlots['StaffPatientTabs']>) => (
    <Loading>
      <LazyStaffPatientTabs {...props} />
    </Loading>
  ),
  PatientEforms: (props: PatientEformsProps) => (
    <Loading>
      <LazyPatientEforms {...props} />
    </Loading>
  ),
};

/** The parts one feature's page shows of another (src/views/shared/slots.tsx), around every page that needs them. */
export function ViewSlots({ children }: { children: ReactNode }) {
  return <ViewSlotsProvider value={slots}>{children}</ViewSlotsProvider>;
}
