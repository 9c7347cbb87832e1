/** Demo eForm boards, cards and Jane Doe's "New Patient Intake" assignment (domain.md). Issue 4 fills this. */
import type { Tx } from './client';
import type { DemoUserIds } from './seed';

export async function seedEforms(_tx: Tx, _now: Date, _userIds: DemoUserIds): Promise<void> {}
