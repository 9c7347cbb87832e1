/** eForm cards (forms): read, save, remove, list, publish, duplicate and preview. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Card, CardInput, CardSaved, clearAnswers, EForm, eformMessages, FormList, FormsQuery, GetFormQuery, RemoveFormAnswer, RemoveFormBody } from '../../src/contract/eforms';
import { HttpError } from '../http/errors';
import { duplicateForm, listForms, previewForm, publishForm, readCard, removeCard, saveCard } from './forms';
import { errors, FormParams, orNotFound, security, staff } from './staffAccess';

const needsSection = () => new HttpError(400, 'request.fieldsInvalid', { fields: { sections: 'A published form needs at least 1 section' } });

export async function formRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/patient/getform',
    {
      config: { access: staff },
      schema: { tags: ['eforms'], summary: 'One form (card) for the builder', security, querystring: GetFormQuery, response: { 200: Card, ...errors } },
    },
    (request) => orNotFound(request, 'eforms.cardNotFound', (tx) => readCard(tx, request, request.query.formId)),
  );

  app.post(
    '/patient/updateform',
    {
      config: { access: staff },
      schema: {
        tags: ['eforms'],
        summary: "Saves a card (creates it without id); answers 'Card Saved'",
        security,
        body: CardInput,
        response: { 200: CardSaved, ...errors },
      },
    },
    async (request) => {
      const sections = clearAnswers(request.body.sections);
      if (request.body.status === 'published' && sections.length === 0) throw needsSection();
      const card = await orNotFound(request, 'eforms.cardNotFound', (tx) => saveCard(tx, request, request.body, sections));
      if (card === 'empty') throw needsSection();
      return { card, message: eformMessages.cardSaved };
    },
  );

  app.post(
    '/patient/removeform',
    {
      config: { access: staff },
      schema: {
        tags: ['eforms'],
        summary: 'Removes a card: archived when patients were sent it, deleted otherwise',
        security,
        body: RemoveFormBody,
        response: { 200: RemoveFormAnswer, ...errors },
      },
    },
    (request) => orNotFound(request, 'eforms.cardNotFound', (tx) => removeCard(tx, request, request.body.id)),
  );

  app.get(
    '/eforms/forms',
    {
      config: { access: staff },
      schema: { tags: ['eforms'], summary: 'Every form of the stores the user may see', security, querystring: FormsQuery, response: { 200: FormList, ...errors } },
    },
    (request) => request.inTenant((tx) => listForms(tx, request, request.query)),
  );

  app.post(
    '/eforms/forms/:formId/publish',
    {
      config: { access: staff },
      schema: { tags: ['eforms'], summary: 'Publishes a form (it needs at least one section)', security, params: FormParams, response: { 200: Card, ...errors } },
    },
    async (request) => {
      const card = await orNotFound(request, 'eforms.cardNotFound', (tx) => publishForm(tx, request, request.params.formId));
      if (card === 'empty') throw needsSection();
      return card;
    },
  );

  app.post(
    '/eforms/forms/:formId/duplicate',
    {
      config: { access: staff },
      schema: { tags: ['eforms'], summary: 'Copies a form as a new draft on the same board', security, params: FormParams, response: { 200: Card, ...errors } },
    },
    (request) => orNotFound(request, 'eforms.cardNotFound', (tx) => duplicateForm(tx, request, request.params.formId)),
  );

  app.get(
    '/eforms/forms/:formId/preview',
    {
      config: { access: staff },
      schema: {
        tags: ['eforms'],
        summary: 'The form as the public page shows it, view-only (assignId 0)',
        security,
        params: FormParams,
        response: { 200: EForm, ...errors },
      },
    },
    (request) => orNotFound(request, 'eforms.cardNotFound', (tx) => previewForm(tx, request, request.params.formId)),
  );
}
