/**
 * Demo eForm boards, cards and Jane Doe's "New Patient Intake" assignment (domain.md). Downtown: board 'Intake'
 * with the published intake form (every section kind) and board 'Consent' with the contact lens consent; Uptown:
 * board 'Intake' with a draft pre-visit form. Jane's link token is random and only its hash is kept (the link
 * itself is not known to anyone; staff can resend it, which mails a fresh one). One more Downtown patient (the first
 * by name after Jane) submitted the intake form yesterday and waits on the work desk for review. The intake form
 * carries Turkish and Arabic translations of every text; the consent of its headings and Yes/No only.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { SectionInput } from '../../src/contract/eforms';
import type { FormTranslations } from '../../src/contract/eformTexts';
import { clearAnswers, Section } from '../../src/contract/eforms';
import type { Tx } from './client';
import type { DemoUserIds } from './seed';
import { demoIds } from './seed';
import { formAssignments, formBoards, forms, formSubmissions } from './schema-eforms';
import { patients } from './schema-records';
import { and, asc, eq, ne } from 'drizzle-orm';

const DAY = 86_400_000;

const intake: SectionInput[] = [
  {
    id: 'visit-reason',
    optionId: 1,
    title: 'Reason for your visit',
    isRequired: true,
    radiolists: [
      {
        name: 'What brings you in today?',
        radioItems: [
          { id: 'routine', name: 'Routine eye exam' },
          { id: 'new-glasses', name: 'New glasses' },
          { id: 'contacts', name: 'Contact lens fitting' },
          { id: 'problem', name: 'A problem with my eyes' },
        ],
      },
    ],
  },
  {
    id: 'symptoms',
    optionId: 2,
    title: 'Symptoms',
    isRequired: false,
    checklists: [
      {
        name: 'Do you have any of these?',
        checkItems: [
          { id: 'blurred-distance', name: 'Blurred distance vision' },
          { id: 'blurred-near', name: 'Blurred near vision' },
          { id: 'headaches', name: 'Headaches' },
          { id: 'dry-eyes', name: 'Dry or itchy eyes' },
          { id: 'flashes', name: 'Flashes or floaters' },
          { id: 'none', name: 'None of these' },
        ],
      },
    ],
  },
  {
    id: 'eyewear',
    optionId: 3,
    title: 'Current eyewear',
    isRequired: true,
    dropdownlists: [
      {
        id: 'wears',
        name: 'What do you wear now?',
        options: [
          { id: 'nothing', name: 'Nothing' },
          { id: 'glasses', name: 'Glasses' },
          { id: 'contacts', name: 'Contact lenses' },
          { id: 'both', name: 'Glasses and contact lenses' },
        ],
      },
    ],
  },
  {
    id: 'health',
    optionId: 4,
    title: 'Health',
    isRequired: false,
    textlists: [
      { id: 'medications', name: 'Medications you take' },
      { id: 'allergies', name: 'Allergies (medications, eye drops)' },
      { id: 'family-history', name: 'Eye conditions in your family (glaucoma, macular degeneration, ...)' },
    ],
  },
  {
    id: 'last-exam',
    optionId: 5,
    title: 'Last eye exam',
    isRequired: true,
    datelists: [{ id: 'last-exam-date', name: 'Date of your last eye exam (approximate is fine)' }],
  },
];

/** The intake form in Turkish and Arabic (issue 33): every text, so a reader in either language sees no English. */
const intakeTranslations: FormTranslations = {
  tr: {
    name: 'Yeni Hasta Kayıt Formu',
    description: 'İlk ziyaretinizden önce birkaç soru. Yaklaşık üç dakika sürer.',
    'section.visit-reason': 'Ziyaret nedeniniz',
    'list.visit-reason.0': 'Bugün sizi buraya ne getirdi?',
    'item.visit-reason.routine': 'Rutin göz muayenesi',
    'item.visit-reason.new-glasses': 'Yeni gözlük',
    'item.visit-reason.contacts': 'Kontakt lens uygulaması',
    'item.visit-reason.problem': 'Gözlerimle ilgili bir sorun',
    'section.symptoms': 'Belirtiler',
    'list.symptoms.0': 'Bunlardan herhangi biri sizde var mı?',
    'item.symptoms.blurred-distance': 'Uzağı bulanık görme',
    'item.symptoms.blurred-near': 'Yakını bulanık görme',
    'item.symptoms.headaches': 'Baş ağrısı',
    'item.symptoms.dry-eyes': 'Kuru veya kaşıntılı gözler',
    'item.symptoms.flashes': 'Işık çakmaları veya uçuşan cisimler',
    'item.symptoms.none': 'Hiçbiri',
    'section.eyewear': 'Şu anki gözlüğünüz',
    'list.eyewear.0': 'Şu anda ne kullanıyorsunuz?',
    'item.eyewear.nothing': 'Hiçbir şey',
    'item.eyewear.glasses': 'Gözlük',
    'item.eyewear.contacts': 'Kontakt lens',
    'item.eyewear.both': 'Gözlük ve kontakt lens',
    'section.health': 'Sağlık',
    'item.health.medications': 'Kullandığınız ilaçlar',
    'item.health.allergies': 'Alerjiler (ilaçlar, göz damlaları)',
    'item.health.family-history': 'Ailenizdeki göz hastalıkları (glokom, makula dejenerasyonu, ...)',
    'section.last-exam': 'Son göz muayenesi',
    'item.last-exam.last-exam-date': 'Son göz muayenenizin tarihi (yaklaşık olabilir)',
  },
  ar: {
    name: 'استمارة المريض الجديد',
    description: 'بضعة أسئلة قبل زيارتك الأولى. تستغرق نحو ثلاث دقائق.',
    'section.visit-reason': 'سبب زيارتك',
    'list.visit-reason.0': 'ما الذي أتى بك اليوم؟',
    'item.visit-reason.routine': 'فحص نظر دوري',
    'item.visit-reason.new-glasses': 'نظارة جديدة',
    'item.visit-reason.contacts': 'تركيب عدسات لاصقة',
    'item.visit-reason.problem': 'مشكلة في عينيّ',
    'section.symptoms': 'الأعراض',
    'list.symptoms.0': 'هل تعاني من أيٍّ مما يلي؟',
    'item.symptoms.blurred-distance': 'تشوش الرؤية البعيدة',
    'item.symptoms.blurred-near': 'تشوش الرؤية القريبة',
    'item.symptoms.headaches': 'صداع',
    'item.symptoms.dry-eyes': 'جفاف العينين أو حكتهما',
    'item.symptoms.flashes': 'ومضات أو أجسام عائمة',
    'item.symptoms.none': 'لا شيء مما سبق',
    'section.eyewear': 'ما ترتديه حاليًا',
    'list.eyewear.0': 'ماذا ترتدي الآن؟',
    'item.eyewear.nothing': 'لا شيء',
    'item.eyewear.glasses': 'نظارة',
    'item.eyewear.contacts': 'عدسات لاصقة',
    'item.eyewear.both': 'نظارة وعدسات لاصقة',
    'section.health': 'الصحة',
    'item.health.medications': 'الأدوية التي تتناولها',
    'item.health.allergies': 'الحساسية (أدوية، قطرات عين)',
    'item.health.family-history': 'أمراض العيون في عائلتك (الزرق، التنكس البقعي، ...)',
    'section.last-exam': 'آخر فحص للنظر',
    'item.last-exam.last-exam-date': 'تاريخ آخر فحص لنظرك (التقريبي يكفي)',
  },
};

/** The contact lens consent's headings in Turkish and Arabic; its statements stay English (a reader sees them isolated). */
const consentTranslations: FormTranslations = {
  tr: { name: 'Kontakt Lens Onayı', 'section.care': 'Lens bakımı', 'section.agree': 'Onay', 'item.agree.yes': 'Evet', 'item.agree.no': 'Hayır', 'section.signed': 'Tarih' },
  ar: { name: 'موافقة العدسات اللاصقة', 'section.care': 'العناية بالعدسات', 'section.agree': 'الموافقة', 'item.agree.yes': 'نعم', 'item.agree.no': 'لا', 'section.signed': 'التاريخ' },
};

const consent: SectionInput[] = [
  {
    id: 'care',
    optionId: 2,
    title: 'Lens care',
    isRequired: true,
    checklists: [
      {
        name: 'I understand that',
        checkItems: [
          { id: 'no-sleep', name: 'I must not sleep in my lenses unless my optician says so' },
          { id: 'no-water', name: 'Lenses must never touch tap water' },
          { id: 'replace', name: 'I replace my lenses and case on schedule' },
          { id: 'redness', name: 'I remove my lenses and call the store if an eye is red or painful' },
        ],
      },
    ],
  },
  {
    id: 'agree',
    optionId: 1,
    title: 'Consent',
    isRequired: true,
    radiolists: [
      {
        name: 'I consent to the contact lens fitting and follow-up visits',
        radioItems: [
          { id: 'yes', name: 'Yes' },
          { id: 'no', name: 'No' },
        ],
      },
    ],
  },
  {
    id: 'signed',
    optionId: 5,
    title: 'Date',
    isRequired: true,
    datelists: [{ id: 'signed-on', name: 'Today’s date' }],
  },
];

const previsit: SectionInput[] = [
  {
    id: 'questions',
    optionId: 4,
    title: 'Your questions',
    isRequired: false,
    textlists: [{ id: 'ask', name: 'Anything you would like to ask the optician?' }],
  },
];

const sections = (input: SectionInput[]) => clearAnswers(input.map((s) => Section.parse(s)));

export async function seedEforms(tx: Tx, now: Date, userIds: DemoUserIds): Promise<void> {
  const tenantId = demoIds.clearview;
  const admin = userIds['admin@clearview.test'] ?? null;
  const [intakeBoard, consentBoard, uptownBoard] = await tx
    .insert(formBoards)
    .values([
      { tenantId, locationId: demoIds.downtown, uri: 'intake', name: 'Intake', position: 0 },
      { tenantId, locationId: demoIds.downtown, uri: 'consent', name: 'Consent', position: 1 },
      { tenantId, locationId: demoIds.uptown, uri: 'intake', name: 'Intake', position: 0 },
    ])
    .returning({ id: formBoards.id });
  const [intakeForm] = await tx
    .insert(forms)
    .values([
      {
        tenantId,
        locationId: demoIds.downtown,
        boardId: intakeBoard!.id,
        name: 'New Patient Intake',
        description: 'A few questions before your first visit. It takes about three minutes.',
        status: 'published',
        sections: sections(intake),
        language: 'en',
        translations: intakeTranslations,
        requiresCode: true,
        linkValidDays: 7,
        createdBy: admin,
        publishedAt: now,
      },
      {
        tenantId,
        locationId: demoIds.downtown,
        boardId: consentBoard!.id,
        name: 'Contact Lens Consent',
        description: 'Please read and confirm before your contact lens fitting.',
        status: 'published',
        sections: sections(consent),
        language: 'en',
        translations: consentTranslations,
        requiresCode: true,
        linkValidDays: 7,
        createdBy: admin,
        publishedAt: now,
      },
      {
        tenantId,
        locationId: demoIds.uptown,
        boardId: uptownBoard!.id,
        name: 'Pre-visit Questions',
        description: 'Tell us what you would like to talk about at your visit.',
        status: 'draft',
        sections: sections(previsit),
        requiresCode: false,
        linkValidDays: 7,
        createdBy: admin,
      },
    ])
    .returning({ id: forms.id });

  const intakeSnapshot = {
    name: 'New Patient Intake',
    description: 'A few questions before your first visit. It takes about three minutes.',
    sections: sections(intake),
    language: 'en' as const,
    translations: intakeTranslations,
  };
  // Jane's assignment (her patient record is seeded by seed-records.ts just before this).
  // The hash of a random token nobody keeps (the seed runs before the installation's keys are loaded): the demo
  // link is unknown, as the brief allows; staff "resend" mails Jane a working one.
  const linkHash = createHash('sha256').update(randomBytes(32)).digest('hex');
  await tx.insert(formAssignments).values({
    tenantId,
    formId: intakeForm!.id,
    locationId: demoIds.downtown,
    patientId: demoIds.janeDoe,
    linkTokenHash: linkHash,
    formSnapshot: intakeSnapshot,
    requiresCode: true,
    channels: ['email'],
    expiresAt: new Date(now.getTime() + 7 * DAY),
    sentAt: now,
    createdBy: admin,
    createdAt: now,
  });

  // A submitted intake waiting for review (the work desk's forms row; its review copies answers into the chart).
  const [submitter] = await tx
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.tenantId, tenantId), eq(patients.locationId, demoIds.downtown), ne(patients.id, demoIds.janeDoe)))
    .orderBy(asc(patients.lastName), asc(patients.firstName), asc(patients.id))
    .limit(1);
  if (!submitter) return;
  const submittedAt = new Date(now.getTime() - DAY);
  const answered = sections(intake).map((s) => ({
    ...s,
    validated: 1 as const,
    radiolists: s.radiolists.map((r) => ({ ...r, radioItems: r.radioItems.map((i) => ({ ...i, description: i.id === 'new-glasses' ? i.id : '' })) })),
    checklists: s.checklists.map((c) => ({ ...c, checkItems: c.checkItems.map((i) => ({ ...i, ischecked: i.id === 'blurred-near' || i.id === 'headaches' })) })),
    dropdownlists: s.dropdownlists.map((d) => ({ ...d, description: 'glasses' })),
    textlists: s.textlists.map((t) => ({
      ...t,
      description: ({ medications: 'Lisinopril 10 mg daily', allergies: 'Penicillin', 'family-history': 'Glaucoma (mother)' } as Record<string, string>)[t.id] ?? '',
    })),
    datelists: s.datelists.map((d) => ({ ...d, description: '03/15/2024' })),
  }));
  const [submitted] = await tx
    .insert(formAssignments)
    .values({
      tenantId,
      formId: intakeForm!.id,
      locationId: demoIds.downtown,
      patientId: submitter.id,
      linkTokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
      formSnapshot: intakeSnapshot,
      requiresCode: true,
      channels: ['email'],
      expiresAt: new Date(submittedAt.getTime() + 6 * DAY),
      sentAt: new Date(submittedAt.getTime() - 2 * 3600_000),
      openedAt: new Date(submittedAt.getTime() - 3600_000),
      verifiedAt: new Date(submittedAt.getTime() - 3500_000),
      submittedAt,
      createdBy: admin,
      createdAt: new Date(submittedAt.getTime() - 2 * 3600_000),
    })
    .returning({ id: formAssignments.id });
  await tx.insert(formSubmissions).values({ tenantId, assignmentId: submitted!.id, answers: answered, submittedAt });
}
