/** What other features read of the general settings (a store's values, the patient portal's rights). */
export { companySettingsOf, portalAllows, portalRefusal, storeSettingsOf } from './general';
