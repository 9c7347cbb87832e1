/**
 * The staff and admin pages, each its own lazy chunk. Their dynamic imports (each with the list of files its chunk
 * needs) live here rather than in routes.tsx, so that the sign-in entry carries one import for all of them.
 */
export const staffPages = {
  AllFormsPage: () => import('../views/eforms/admin/AllFormsPage').then((module) => module.AllFormsPage),
  BoardsPage: () => import('../views/eforms/admin/BoardsPage').then((module) => module.BoardsPage),
  FormBuilderRoute: () => import('../views/eforms/admin/FormBuilderPage').then((module) => module.FormBuilderRoute),
  PatientChartPage: () => import('../views/patients/PatientChartPage').then((module) => module.PatientChartPage),
  PatientListPage: () => import('../views/patients/PatientListPage').then((module) => module.PatientListPage),
  LabOrderLookupPage: () => import('../views/labOrders/LabOrderLookupPage').then((module) => module.LabOrderLookupPage),
  WorkDeskPage: () => import('../views/workdesk/WorkDeskPage').then((module) => module.WorkDeskPage),
  StoreDayPage: () => import('../views/schedule/StoreDayPage').then((module) => module.StoreDayPage),
  InvoiceScreen: () => import('../views/invoices/InvoiceScreen').then((module) => module.InvoiceScreen),
  InvoiceLookupPage: () => import('../views/invoices/InvoiceLookupPage').then((module) => module.InvoiceLookupPage),
  GeneralSettingsPage: () => import('../views/settings/general/GeneralSettingsPage').then((module) => module.GeneralSettingsPage),
  StoresPage: () => import('../views/settings/stores/StoresPage').then((module) => module.StoresPage),
  AccessPage: () => import('../views/access/AccessPage').then((module) => module.AccessPage),
  TemplatesPage: () => import('../views/templates/TemplatesPage').then((module) => module.TemplatesPage),
  PortalMappingPage: () => import('../views/enterprise/PortalMappingPage').then((module) => module.PortalMappingPage),
  CompanyCreatePage: () => import('../views/enterprise/CompanyCreatePage').then((module) => module.CompanyCreatePage),
  CompanyEditPage: () => import('../views/enterprise/CompanyEditPage').then((module) => module.CompanyEditPage),
  ReportsPage: () => import('../views/reports/ReportsPage').then((module) => module.ReportsPage),
  EnterpriseReportsPage: () => import('../views/reports/ReportsPage').then((module) => module.EnterpriseReportsPage),
  OtherInfoPage: () => import('../views/portal/OtherInfoPage').then((module) => module.OtherInfoPage),
};
