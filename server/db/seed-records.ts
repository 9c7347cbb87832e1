/** Demo patients and their clinical and sales records (shared/design/domain.md, "Demo data"). Issue 5 fills this. */
import type { Tx } from './client';
import type { DemoUserIds } from './seed';

export async function seedRecords(_tx: Tx, _now: Date, _userIds: DemoUserIds): Promise<void> {}
