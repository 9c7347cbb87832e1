/**
 * The admin eForm builder as a person uses it, against a fake API: every section type added, a required one,
 * the live preview, an empty radio title refused, 'Card Saved', the unsaved-changes guard (link, Back, reload) and a
 * form that cannot be loaded.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigate } from 'wouter/use-browser-location';
import type { Card, CardInput } from '../../src/contract/eforms';
import { FormBuilderPage } from '../../src/views/eforms/admin/FormBuilderPage';
import type { Call, Reply } from '../fixtures/fakeApi';
import { renderAdminScreen } from './eformsAdminHarness';

const locationId = '11111111-1111-4111-8111-111111111111';
const boardId = '22222222-2222-4222-8222-222222222222';
const formId = '33333333-3333-4333-8333-333333333333';
const board = { id: boardId, locationId, uri: 'intake', name: 'Intake', position: 0, cards: [] };

function savedCard(body: CardInput): Card {
  return {
    id: body.id ?? formId,
    boardId: body.boardId,
    locationId,
    name: body.name,
    description: body.description ?? '',
    status: 'draft',
    requiresCode: body.requiresCode ?? true,
    linkValidDays: body.linkValidDays ?? 7,
    sections: (body.sections ?? []) as Card['sections'],
    language: body.language ?? 'en',
    translations: body.translations ?? {},
    updatedAt: '2026-11-22T08:00:00.000Z',
    publishedAt: null,
  };
}

/** The server as far as the builder needs it; `card` is what getform answers (null: 404). */
function builderApi(card: Card | null = null) {
  let stored = card;
  return (call: Call): Reply => {
    if (call.path.startsWith('/api/patient/formstores')) return { status: 200, body: { boards: [board] } };
    if (call.path.startsWith('/api/patient/getform')) {
      return stored ? { status: 200, body: stored } : { status: 404, body: { error: 'This form does not exist or you cannot see it.' } };
    }
    if (call.path === '/api/patient/updateform') {
      stored = savedCard(call.body as CardInput);
      return { status: 200, body: { card: stored, message: 'Card Saved' } };
    }
    return { status: 404, body: { error: 'Not found.' } };
  };
}

function open(path: string, props: { formId: string | null }, api = builderApi()) {
  return renderAdminScreen(path, <FormBuilderPage locationId={locationId} formId={props.formId} />, api);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const addPage = `/admin/eforms/forms/add/${locationId}?board=${boardId}`;

describe('the eForm builder', { timeout: 30_000 }, () => {
  it('adds every section type and a required one, previews them as the patient sees them, and saves: Card Saved', async () => {
    const { user, server } = open(addPage, { formId: null });
    await screen.findByRole('heading', { level: 1, name: 'New eForm' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Board' })).toHaveProperty('value', boardId));
    await user.type(screen.getByRole('textbox', { name: 'Form name' }), 'Eye history');

    for (const kind of ['Add radio', 'Add checklist', 'Add text', 'Add date', 'Add dropdown']) {
      await user.click(screen.getByRole('button', { name: kind }));
    }
    for (const [n, kind] of ['Radio', 'Checklist', 'Text', 'Date', 'Dropdown'].entries()) {
      expect(screen.getByRole('heading', { name: `Section ${n + 1}: ${kind}` })).toBeTruthy();
    }
    await user.click(screen.getByRole('checkbox', { name: 'Section 3 is required' }));
    await user.clear(screen.getByRole('textbox', { name: 'Section 3, question 1' }));
    await user.type(screen.getByRole('textbox', { name: 'Section 3, question 1' }), 'What brings you in?');
    await user.click(screen.getByRole('button', { name: 'Add an option to section 1' }));

    // The preview is the patient's renderer, view-only: the text question is there, disabled or read-only.
    const preview = within(screen.getByRole('complementary', { name: 'Preview (as the patient sees it)' }));
    expect(preview.getByRole('heading', { name: /Tell us/ })).toBeTruthy();
    expect(preview.getByText('What brings you in?')).toBeTruthy();
    expect(preview.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Option 1', 'Option 2']);
    expect(preview.queryByRole('button', { name: /submit/i })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toContain('Card Saved');
    const saved = server.calls.find((call) => call.path === '/api/patient/updateform')!.body as CardInput;
    expect(saved.id).toBeUndefined();
    expect(saved).toMatchObject({ boardId, name: 'Eye history' });
    expect(saved.sections!.map((s) => s.optionId)).toEqual([1, 2, 4, 5, 3]);
    expect(saved.sections!.map((s) => s.isRequired)).toEqual([false, false, true, false, false]);
    expect(saved.sections![0]!.radiolists![0]!.radioItems.map((item) => item.name)).toEqual(['Option 1', 'Option 2']);
    // A new form's address becomes its edit page.
    await waitFor(() => expect(window.location.pathname).toBe(`/admin/eforms/forms/edit/${locationId}/${formId}`));
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  }, 60_000);

  it('translates texts beside the main ones: untranslated ones counted and marked, the preview in that language, saved with the card', async () => {
    const { user, server } = open(addPage, { formId: null });
    await user.type(await screen.findByRole('textbox', { name: 'Form name' }), 'Visit');
    await user.click(screen.getByRole('button', { name: 'Add text' }));
    await user.clear(screen.getByRole('textbox', { name: 'Section 1, question 1' }));
    await user.type(screen.getByRole('textbox', { name: 'Section 1, question 1' }), 'Why are you here?');
    expect(screen.getByRole('combobox', { name: 'Main language' })).toHaveProperty('value', 'en');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Translate into' }), 'ar');
    const texts = within(screen.getByRole('list', { name: 'Texts in العربية' }));
    expect(screen.getByText('3 of 3 texts are untranslated: they show in the main language.')).toBeTruthy();
    await user.type(texts.getByRole('textbox', { name: 'Section 1, question 1 (العربية)' }), 'لماذا أنت هنا؟');
    expect(screen.getByText('2 of 3 texts are untranslated: they show in the main language.')).toBeTruthy();
    const nameRow = within(texts.getAllByRole('listitem')[0]!);
    expect(nameRow.getByText('Visit').getAttribute('lang')).toBe('en');
    expect(nameRow.getByText('Untranslated')).toBeTruthy();

    // The preview reads the form in Arabic: the translated question isolated (right to left) in this English page,
    // the untranslated name in English as the page is.
    const preview = within(screen.getByRole('complementary', { name: 'Preview (as the patient sees it)' }));
    expect(preview.getByRole('textbox', { name: 'لماذا أنت هنا؟' })).toBeTruthy();
    const question = preview.getByText('لماذا أنت هنا؟');
    expect([question.tagName, question.getAttribute('lang'), question.getAttribute('dir')]).toEqual(['BDI', 'ar', 'rtl']);
    expect(preview.getByText('Visit').tagName).toBe('STRONG');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByRole('status').map((status) => status.textContent).join()).toContain('Card Saved'));
    const saved = server.calls.find((call) => call.path === '/api/patient/updateform')!.body as CardInput;
    const sectionId = saved.sections![0]!.id;
    const questionId = saved.sections![0]!.textlists![0]!.id;
    expect(saved).toMatchObject({ language: 'en', translations: { ar: { [`item.${sectionId}.${questionId}`]: 'لماذا أنت هنا؟' } } });
  }, 60_000);

  it('moves sections with the keyboard-reachable buttons, keeping the focus on the pressed one', async () => {
    const { user } = open(addPage, { formId: null });
    await user.click(await screen.findByRole('button', { name: 'Add text' }));
    await user.click(screen.getByRole('button', { name: 'Add date' }));
    screen.getByRole('button', { name: 'Move section 2 up' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Section 1: Date', 'Section 2: Text']);
    expect(document.activeElement?.getAttribute('data-move-section')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete section 2' }));
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Section 1: Date']);
  });

  it('cannot confirm an empty radio title: Confirm is disabled and says why', async () => {
    const { user } = open(addPage, { formId: null });
    await user.click(await screen.findByRole('button', { name: 'Add radio' }));
    await user.click(screen.getByRole('button', { name: 'Edit title: Radio title (section 1)' }));
    const title = screen.getByRole('textbox', { name: 'Radio title (section 1)' });
    await user.clear(title);
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('alert').textContent).toBe('The title cannot be empty.');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Radio title (section 1)' })).toBeTruthy();

    await user.type(title, 'Do you wear glasses?');
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.queryByRole('textbox', { name: 'Radio title (section 1)' })).toBeNull();
    const preview = within(screen.getByRole('complementary', { name: 'Preview (as the patient sees it)' }));
    expect(preview.getByRole('radiogroup', { name: /Do you wear glasses\?/ })).toBeTruthy();
  });

  it('asks before leaving with unsaved changes: a link or Back shows the Warning; No stays, Yes leaves; reload is guarded', async () => {
    window.history.replaceState(null, '', '/admin/eforms/all');
    window.history.pushState(null, '', addPage);
    const { user } = open(addPage, { formId: null });
    await user.click(await screen.findByRole('button', { name: 'Add text' }));

    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Back to the boards' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Warning' })).toBeTruthy();
    expect(dialog.textContent).toContain(
      'Are you sure you want to discard the changes? Unsaved data will be lost if you leave this page.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(window.location.pathname + window.location.search).toBe(addPage);
    expect(screen.getByRole('heading', { name: 'Section 1: Text' })).toBeTruthy();

    // A navigation by code (the toolbar's search opening a page) is held too.
    await act(async () => navigate('/admin/pos/all'));
    const held = await screen.findByRole('alertdialog');
    expect(window.location.pathname + window.location.search).toBe(addPage);
    await user.click(within(held).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    // Back: the address is put back at once and the same question is asked.
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    const again = await screen.findByRole('alertdialog');
    expect(window.location.pathname + window.location.search).toBe(addPage);
    await user.click(within(again).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/eforms/all'));
  });

  it('leaves at once when nothing changed', async () => {
    const { user } = open(addPage, { formId: null });
    await user.click(await screen.findByRole('link', { name: 'Back to the boards' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(window.location.pathname).toBe(`/admin/eforms/forms/${locationId}`);
  });

  it('a form that cannot be loaded: the server’s message for 2 seconds, then the boards', async () => {
    open(`/admin/eforms/forms/edit/${locationId}/${formId}`, { formId });
    expect((await screen.findByRole('alert')).textContent).toContain('This form does not exist or you cannot see it.');
    expect(window.location.pathname).toBe(`/admin/eforms/forms/edit/${locationId}/${formId}`);
    await waitFor(() => expect(window.location.pathname).toBe(`/admin/eforms/forms/${locationId}`), { timeout: 3500 });
  });

  it('edits a stored form and saves it with its id', async () => {
    const stored = savedCard({
      id: formId,
      boardId,
      name: 'Intake',
      sections: [
        {
          id: 's1',
          optionId: 2,
          title: 'Symptoms',
          checklists: [{ name: 'Which ones?', checkItems: [{ id: 'c1', name: 'Blurry vision' }] }],
        },
      ],
    } as CardInput);
    const { user, server } = open(`/admin/eforms/forms/edit/${locationId}/${formId}`, { formId }, builderApi(stored));
    await screen.findByRole('heading', { level: 1, name: 'Edit eForm: Intake' });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Edit title: Checklist title (section 1)' }));
    await user.clear(screen.getByRole('textbox', { name: 'Checklist title (section 1)' }));
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveProperty('disabled', true);
    await user.type(screen.getByRole('textbox', { name: 'Checklist title (section 1)' }), 'Which symptoms?{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toContain('Card Saved');
    const body = server.calls.find((call) => call.path === '/api/patient/updateform')!.body as CardInput;
    expect(body.id).toBe(formId);
    expect(body.sections![0]!.checklists![0]!.name).toBe('Which symptoms?');
  });
});
