/**
 * The server's feature boundaries hold by lint (eslint.config.js, the server block): a feature imports another
 * feature only through its public modules, and only server/app.ts imports a feature's routes.ts.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The rule ids ESLint reports for `code` as if it were the file at `filePath` (relative to the repository). */
async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('server feature boundaries', () => {
  it.each([
    ['a feature reaching into another feature', 'server/eforms/fixture.ts', "import { checkCredentials } from '../auth/sign-in';\nvoid checkCredentials;\n"],
    ['a type-only import of another feature’s internals', 'server/rx/fixture.ts', "import type { Outbox } from '../messaging/nothing';\nexport type X = Outbox;\n"],
    ['a feature importing another feature’s routes', 'server/patients/fixture.ts', "import { rxRoutes } from '../rx/routes';\nvoid rxRoutes;\n"],
    ['the infrastructure reaching into a feature', 'server/db/fixture.ts', "import { readProfile } from '../patients/profile';\nvoid readProfile;\n"],
    ['app.ts reaching past a feature’s routes and public modules', 'server/fixture.ts', "import { booking } from './appointments/booking';\nvoid booking;\n"],
  ])('refuses %s', async (_name, filePath, code) => {
    const found = await problems(filePath, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^no-restricted-imports: '[^']+' import is restricted .*Another feature's internals: import server\/(\w+)\/\1\.ts or a public module of it/);
  });

  it.each([
    ['a feature’s own files', 'server/eforms/fixture.ts', "import { cardOf } from './staffKit';\nvoid cardOf;\n"],
    ['another feature’s <feature>.ts', 'server/patients/fixture.ts', "import { readPrescriptions } from '../rx/rx';\nvoid readPrescriptions;\n"],
    ['a listed public module', 'server/eforms/fixture.ts', "import { consumeCode } from '../auth/codes';\nvoid consumeCode;\n"],
    ['the infrastructure and the contract', 'server/sales/fixture.ts', "import { HttpError } from '../http/errors';\nimport { withTenant } from '../db/client';\nimport { messages } from '../../src/contract/common';\nvoid [HttpError, withTenant, messages];\n"],
    ['app.ts registering a feature’s routes', 'server/fixture.ts', "import { rxRoutes } from './rx/routes';\nvoid rxRoutes;\n"],
  ])('admits %s', async (_name, filePath, code) => {
    expect(await problems(filePath, code)).toEqual([]);
  });
});

/**
 * The browser's features are slices (eslint.config.js, the browser block): a folder of src/views imports only
 * src/views/shared, src/views/ui and itself; shared imports only ui and itself, ui only itself; the shell (the frame
 * around every page) may import the features, and nothing imports the shell. So no two folders import each other.
 */
describe('browser feature slices', () => {
  it.each([
    ['a feature importing another feature', 'src/views/pos/fixture.tsx', "import { InvoiceScreen } from '../invoices/InvoiceScreen';\nvoid InvoiceScreen;\n"],
    ['a feature’s sub-folder importing another feature', 'src/views/pos/sale/fixture.tsx', "import { PatientListPage } from '../../patients/PatientListPage';\nvoid PatientListPage;\n"],
    ['a type-only import of another feature', 'src/views/patients/chart/fixture.ts', "import type { ChartTabProps } from '../../portal/types';\nexport type X = ChartTabProps;\n"],
    ['a feature importing the shell', 'src/views/invoices/fixture.tsx', "import { Shell } from '../shell/Shell';\nvoid Shell;\n"],
    ['a feature reaching another through src/', 'src/views/reports/fixture.tsx', "import { PosPage } from '../../views/pos/PosPage';\nvoid PosPage;\n"],
    ['the shared folder importing a feature', 'src/views/shared/fixture.tsx', "import { PosPage } from '../pos/PosPage';\nvoid PosPage;\n"],
    ['ui importing the shared folder', 'src/views/ui/fixture.tsx', "import { useTenantId } from '../shared/useTenant';\nvoid useTenantId;\n"],
  ])('refuses %s', async (_name, filePath, code) => {
    const found = await problems(filePath, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^no-restricted-imports: .*A feature of src\/views imports only src\/views\/shared, src\/views\/ui and itself/);
  });

  it.each([
    ['a feature importing itself, shared, ui and the lower layers', 'src/views/pos/sale/fixture.tsx', "import { SaleView } from './SaleView';\nimport { PosPage } from '../PosPage';\nimport { useTenantId } from '../../shared/useTenant';\nimport { Button } from '../../ui/Button';\nimport { posQueries } from '../../../api/pos';\nvoid [SaleView, PosPage, useTenantId, Button, posQueries];\n"],
    ['the shared folder importing ui and itself', 'src/views/shared/sale/fixture.tsx', "import { Button } from '../../ui/Button';\nimport { useFormats } from '../format';\nvoid [Button, useFormats];\n"],
    ['the shell composing the features', 'src/views/shell/fixture.tsx', "import { LogoutDialog } from '../auth/LogoutDialog';\nimport { usePageSearch } from '../shared/pageAddress';\nvoid [LogoutDialog, usePageSearch];\n"],
  ])('admits %s', async (_name, filePath, code) => {
    expect(await problems(filePath, code)).toEqual([]);
  });
});
