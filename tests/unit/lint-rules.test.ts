// @vitest-environment node
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The browser's one-way import flow (contract <- machines <- api <- actors <- views <- app) and the React hooks rules are
 * lint rules (eslint.config.js), and so is an option's value isolated by dir=auto; these cases check that the rules
 * themselves fail a wrong import or option.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId);
}

describe('browser layering (eslint.config.js)', () => {
  it.each([
    ['a machine importing the http layer', "import { ApiError } from '../api/http';\nexport const x = ApiError;\n", 'src/machines/x.machine.ts'],
    ['a machine importing React', "import { useState } from 'react';\nexport const x = useState;\n", 'src/machines/x.machine.ts'],
    ['a machine importing the app', "import { routeById } from '../app/routes';\nexport const x = routeById;\n", 'src/machines/x.machine.ts'],
    ['the contract importing a machine', "import { otpMachine } from '../machines/otp.machine';\nexport const x = otpMachine;\n", 'src/contract/x.ts'],
    ['the api importing a view', "import { Shell } from '../views/shell/Shell';\nexport const x = Shell;\n", 'src/api/x.ts'],
    ['a view importing the app', "import { App } from '../../app/App';\nexport const x = App;\n", 'src/views/shell/x.tsx'],
    ['a view reading the address query itself', "import { useSearch } from 'wouter';\nexport const x = useSearch;\n", 'src/views/patients/x.tsx'],
    ['i18n importing a machine', "import { sessionMachine } from '../machines/session.machine';\nexport const x = sessionMachine;\n", 'src/i18n/x.ts'],
    ['an actor module importing a view', "import { useSnackbarActor } from '../views/ui/shellActors';\nexport const x = useSnackbarActor;\n", 'src/actors/x.ts'],
    ['an actor module importing the app', "import { createRuntime } from '../app/runtime';\nexport const x = createRuntime;\n", 'src/actors/x.ts'],
    ['the api importing an actor module', "import { useFormBuilderActor } from '../actors/formBuilder';\nexport const x = useFormBuilderActor;\n", 'src/api/x.ts'],
  ])('%s fails', async (_name, code, filePath) => {
    expect(await ruleIds(code, filePath)).toContain('no-restricted-imports');
  });

  it.each([
    ['a machine importing xstate, the contract and a machine', "import { setup } from 'xstate';\nimport { messages } from '../contract/messages';\nimport { otpMachine } from './otp.machine';\nexport const x = [setup, messages, otpMachine];\n", 'src/machines/x.machine.ts'],
    ['the api importing the contract and a machine', "import { messages } from '../contract/messages';\nimport type { CardDraft } from '../machines/formBuilder.machine';\nexport const x: [typeof messages, CardDraft | null] = [messages, null];\n", 'src/api/x.ts'],
    ['a view importing the api, a machine and i18n', "import { apiRequest } from '../../api/http';\nimport { otpMachine } from '../../machines/otp.machine';\nimport { languages } from '../../i18n/appI18n';\nexport const x = [apiRequest, otpMachine, languages];\n", 'src/views/shell/x.tsx'],
    ['the app importing a view', "import { Shell } from '../views/shell/Shell';\nexport const x = Shell;\n", 'src/app/x.tsx'],
    ['an actor module importing the api, a machine and i18n', "import { saveCard } from '../api/eformsAdmin';\nimport { formBuilderMachine } from '../machines/formBuilder.machine';\nimport { translateError } from '../i18n/apiErrors';\nexport const x = [saveCard, formBuilderMachine, translateError];\n", 'src/actors/x.ts'],
    ['a view importing an actor module', "import { useFormBuilderActor } from '../../../actors/formBuilder';\nexport const x = useFormBuilderActor;\n", 'src/views/eforms/admin/x.tsx'],
  ])('%s passes', async (_name, code, filePath) => {
    expect(await ruleIds(code, filePath)).toEqual([]);
  });
});

describe('React hooks rules', () => {
  it('a hook called conditionally fails', async () => {
    const code =
      "import { useState } from 'react';\nexport function View({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n";
    expect(await ruleIds(code, 'src/views/shell/x.tsx')).toContain('react-hooks/rules-of-hooks');
  });

  it('an effect missing a dependency fails', async () => {
    const code =
      "import { useEffect } from 'react';\nexport function View({ value }: { value: number }) {\n  useEffect(() => {\n    console.log(value);\n  }, []);\n  return null;\n}\n";
    expect(await ruleIds(code, 'src/views/shell/x.tsx')).toContain('react-hooks/exhaustive-deps');
  });
});

describe('options isolate a value (eslint.config.js)', () => {
  const inSelect = (option: string) =>
    `export const Pick = ({ store, code, label }: { store: { id: string; name: string }; code: string; label: () => string }) => (\n  <select>${option}</select>\n);\n`;

  it.each([
    ['a name', '<option value={store.id}>{store.name}</option>'],
    ['a code', '<option value={code}>{code}</option>'],
  ])('an option showing %s without dir fails', async (_name, option) => {
    expect(await ruleIds(inSelect(option), 'src/views/x.tsx')).toContain('no-restricted-syntax');
  });

  it.each([
    ['a name with dir="auto"', '<option value={store.id} dir="auto">{store.name}</option>'],
    ['a translated label', '<option value="">{label()}</option>'],
  ])('an option showing %s passes', async (_name, option) => {
    expect(await ruleIds(inSelect(option), 'src/views/x.tsx')).not.toContain('no-restricted-syntax');
  });
});

/**
 * Views only render and send (eslint.config.js, queryCacheWrites): a change's cache work lives in a mutation hook of
 * src/api. These cases check that the rule refuses a view writing the query cache, in any of the ways it could.
 */
describe('views leave the query cache to src/api (eslint.config.js)', () => {
  const view = (body: string) =>
    `import { useQueryClient } from '@tanstack/react-query';\nexport function useX(tenantId: string) {\n  const client = useQueryClient();\n  ${body}\n}\n`;

  it.each([
    ['invalidating queries', 'return () => client.invalidateQueries({ queryKey: [tenantId] });'],
    ['setting a query’s data', 'return (v: number) => client.setQueryData([tenantId], v);'],
    ['resetting queries', 'return () => client.resetQueries({ queryKey: [tenantId] });'],
    ['removing queries', 'return () => client.removeQueries({ queryKey: [tenantId] });'],
    ['taking invalidateQueries out of the client', 'const { invalidateQueries } = client;\n  return () => invalidateQueries({ queryKey: [tenantId] });'],
  ])('a view %s fails', async (_name, body) => {
    for (const filePath of ['src/views/pos/x.tsx', 'src/views/patients/chart/x.ts']) {
      expect(await ruleIds(view(body), filePath)).toContain('no-restricted-properties');
    }
  });

  it('a view making a mutation of its own fails', async () => {
    const code =
      "import { useMutation } from '@tanstack/react-query';\nexport const useX = () => useMutation({ mutationFn: async (text: string) => text });\n";
    for (const filePath of ['src/views/inbox/x.tsx', 'src/views/shared/sale/x.tsx', 'src/views/ui/x.ts', 'src/views/shell/x.tsx']) {
      expect(await ruleIds(code, filePath)).toContain('no-restricted-imports');
    }
    expect(await ruleIds(code, 'src/api/x.ts')).toEqual([]);
  });

  it('the api hooks and a view reading the cache pass', async () => {
    const reads = view('return () => client.getQueryData([tenantId]) ?? client.fetchQuery({ queryKey: [tenantId], queryFn: () => 1 });');
    expect(await ruleIds(reads, 'src/views/pos/x.tsx')).toEqual([]);
    expect(await ruleIds(view('return () => client.invalidateQueries({ queryKey: [tenantId] });'), 'src/api/x.ts')).toEqual([]);
  });

  it('no view is exempt', async () => {
    const writes = view('return () => client.invalidateQueries({ queryKey: [tenantId] });');
    for (const filePath of ['src/views/portal/AppointmentsPage.tsx', 'src/views/ui/x.tsx', 'src/views/shell/x.tsx']) {
      expect(await ruleIds(writes, filePath)).toContain('no-restricted-properties');
    }
  });
});

/**
 * A machine's actors and actions are wired in one module of src/actors (or, for the app's long-lived actors, in
 * src/app); a view runs the actor from there and only reads it and sends. These cases check that the rule refuses a
 * view calling .provide() on a machine, however it reaches it.
 */
describe('views leave the wiring of machines to src/actors (eslint.config.js)', () => {
  const provided = (body: string) =>
    `import { fromPromise } from 'xstate';\nimport { eformMachine } from '../../machines/eform.machine';\nexport const x = ${body};\n`;

  it.each([
    ['supplying a machine’s actors', "eformMachine.provide({ actors: { getForm: fromPromise(async () => null) } })"],
    ['supplying a machine’s actions', 'eformMachine.provide({ actions: { forget: () => {} } })'],
    ['taking provide out of the machine', '(() => { const { provide } = eformMachine; return provide; })()'],
  ])('a view %s fails', async (_name, body) => {
    for (const filePath of ['src/views/kiosk/x.tsx', 'src/views/eforms/public/x.ts', 'src/views/ui/x.ts', 'src/views/shell/x.tsx']) {
      expect(await ruleIds(provided(body), filePath)).toContain('no-restricted-properties');
    }
  });

  it('an actor module and the app wire a machine', async () => {
    const code = provided("eformMachine.provide({ actors: { getForm: fromPromise(async () => null) } })").replace('../../machines', '../machines');
    expect(await ruleIds(code, 'src/actors/x.ts')).toEqual([]);
    expect(await ruleIds(code, 'src/app/x.ts')).toEqual([]);
  });
});
