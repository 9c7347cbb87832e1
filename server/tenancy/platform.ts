/** The platform tenant (created by migration 0002) holds the enterprise admins, who belong to no company. */
export const PLATFORM_TENANT_ID = '00000000-0000-4000-8000-000000000000';
