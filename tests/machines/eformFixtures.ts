/** The public eForm of the browser tests: one section of every kind, the checklist required (tests/machines/eform*). */
import type { EForm, Section } from '../../src/contract/eforms';

export const link = {
  tenantId: '7c0f3f8e-2a8e-4d3b-9a53-0d6f3a3c1b11',
  uri: 'Zq3v9Kx2LmP8rT5wY1bN4cD7fG0hJ6sA',
  tenant: 'enc-tenant-3f9a1c7d2e8b4a6c0d5f',
};

export const paths = {
  tenant: `/api/patient/getencryptedtenant?tenantid=${link.tenantId}`,
  card: `/api/patient/getcard?uri=${link.uri}`,
  sendCode: '/api/patient/euauthcode',
  verify: '/api/patient/euverify',
  submit: '/api/patient/submitform',
};

const empty = { textlists: [], checklists: [], radiolists: [], datelists: [], dropdownlists: [] };

export const sections: Section[] = [
  {
    ...empty,
    id: 'heard',
    optionId: 1,
    title: 'How did you hear about us?',
    isRequired: false,
    validated: 0,
    radiolists: [
      {
        name: 'Choose one',
        radioItems: [
          { id: 'friend', name: 'A friend', description: '' },
          { id: 'web', name: 'The web', description: '' },
        ],
      },
    ],
  },
  {
    ...empty,
    id: 'symptoms',
    optionId: 2,
    title: 'Symptoms',
    isRequired: true,
    validated: 0,
    checklists: [
      {
        name: 'Tick what you notice',
        checkItems: [
          { id: 'blurry', name: 'Blurry vision', ischecked: false },
          { id: 'headache', name: 'Headaches', ischecked: false },
        ],
      },
    ],
  },
  {
    ...empty,
    id: 'store',
    optionId: 3,
    title: 'Preferred store',
    isRequired: false,
    validated: 0,
    dropdownlists: [
      {
        id: 'storeList',
        name: 'Preferred store',
        description: '',
        options: [
          { id: 'downtown', name: 'Downtown' },
          { id: 'uptown', name: 'Uptown' },
        ],
      },
    ],
  },
  {
    ...empty,
    id: 'notes',
    optionId: 4,
    title: 'Anything else?',
    isRequired: false,
    validated: 0,
    textlists: [{ id: 'notesText', name: 'Anything else?', description: '' }],
  },
  {
    ...empty,
    id: 'lastTest',
    optionId: 5,
    title: 'Last eye test',
    isRequired: false,
    validated: 0,
    datelists: [{ id: 'lastTestDate', name: 'Date of your last eye test', description: '' }],
  },
];

export function formRecord({ isAuth, assignId = 'a9d2c1e4-5b6f-4a7e-8c9d-0e1f2a3b4c5d' }: { isAuth: boolean; assignId?: string | 0 }): EForm {
  return {
    id: 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b',
    name: 'Your eye health',
    description: 'A few questions before your visit.',
    assignId,
    isSubmitted: 0,
    isLinkExpired: 0,
    isAuth,
    sectionlists: sections,
    language: 'en',
    translations: {},
  };
}

/** A gated link before the code: the flags only. */
export const codeRequiredRecord: EForm = {
  id: 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b',
  name: '',
  description: '',
  assignId: 'a9d2c1e4-5b6f-4a7e-8c9d-0e1f2a3b4c5d',
  isSubmitted: 0,
  isLinkExpired: 0,
  isAuth: true,
  language: 'en',
  translations: {},
};
