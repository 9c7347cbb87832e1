import { useQuery } from '@tanstack/react-query';
import { posQueries } from '../../../api/pos';
import type { Register } from '../../../contract/pos';
import { useTenantId } from '../useTenant';
import { rememberedRegister } from '../../../pos/registerChoice';

/**
 * The register this device sells through at a store (the one chosen on the POS page), or null when none is chosen
 * or the store's registers are not known yet. Its `openSession` says whether it can take money in or pay it back.
 */
export function useDeviceRegister(locationId: string): Register | null {
  const tenantId = useTenantId();
  const remembered = locationId ? rememberedRegister(tenantId, locationId) : null;
  const registers = useQuery({ ...posQueries.registers(tenantId, locationId), enabled: remembered !== null });
  return registers.data?.registers.find((register) => register.id === remembered?.id) ?? null;
}
