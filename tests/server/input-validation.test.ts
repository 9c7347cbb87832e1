/**
 * Input validation of every API route (security.md, "Input"): valid input succeeds; wrong types, missing fields,
 * huge strings, malformed or non-JSON bodies, unicode, SQL-looking text, dot segments, overlong slugs and bad ids
 * answer 4xx (a 400 naming the offending field for schema errors), never 500, and change nothing in the database.
 * Here the bodies and fields of every route; the sign-in calls in input-validation-auth.test.ts, path parameters in
 * input-validation-params.test.ts, the shared part in inputValidation.ts.
 */
import { describe, expect, it } from 'vitest';
import { bearer, DEMO_PASSWORD, demoIds, signIn } from './harness';
import {
  type As,
  cpasswordBody,
  dbState,
  expectFieldError,
  expectRefusal,
  forgotBody,
  h,
  type Json,
  K10,
  K200,
  loginBody,
  NEW_PASSWORD,
  otpBody,
  resetBody,
  sendWritingNothing,
  signInStatus,
  SQLI,
  startInputValidation,
  themeSettings,
  themeWith,
  without,
} from './inputValidation';

startInputValidation();

const bodyRoutes: { url: string; as?: As; optionalBody?: boolean }[] = [
  { url: '/api/patient/login' },
  { url: '/api/patient/authcode' },
  { url: '/api/patient/sendotp', as: 'newuser', optionalBody: true },
  { url: '/api/patient/cpassword', as: 'newuser' },
  { url: '/api/patient/forgotpassword' },
  { url: '/api/patient/otpsubmit' },
  { url: '/api/patient/passwordReset' },
  { url: '/api/patient/refreshtoken', optionalBody: true },
  { url: '/api/patient/savethemesettings', as: 'patient' },
  // The public eForm calls: refused on shape before any look-up.
  { url: '/api/patient/euauthcode' },
  { url: '/api/patient/euverify' },
  { url: '/api/patient/submitform' },
];

interface Shape {
  shape: string;
  raw: string;
  contentType?: string;
  /** Schema error expected on this field... */
  field?: string;
  /** ...or this status (parser-level refusals carry no fields). */
  status?: number;
  /** The body is optional on some routes: a JSON null there is not a shape error. */
  notWhenOptional?: boolean;
}

const shapes: Shape[] = [
  { shape: 'a JSON array', raw: '[]', field: 'body' },
  { shape: 'an array of objects', raw: JSON.stringify([loginBody]), field: 'body' },
  { shape: 'a JSON string', raw: '"patient@clearview.test"', field: 'body' },
  { shape: 'a JSON number', raw: '42', field: 'body' },
  { shape: 'JSON true', raw: 'true', field: 'body' },
  { shape: 'JSON null', raw: 'null', field: 'body', notWhenOptional: true },
  { shape: 'arrays nested 5 000 deep', raw: '['.repeat(5000) + ']'.repeat(5000), field: 'body' },
  { shape: 'a text/plain body', raw: 'username=patient@clearview.test', contentType: 'text/plain', field: 'body' },
  { shape: 'malformed JSON', raw: '{"username": "patient@clearview.test",', status: 400 },
  { shape: 'an empty body typed as JSON', raw: '', status: 400 },
  { shape: 'a __proto__ key', raw: '{"__proto__": {"isEnterpriseAdmin": true}}', status: 400 },
  { shape: 'a constructor.prototype key', raw: '{"constructor": {"prototype": {"isEnterpriseAdmin": true}}}', status: 400 },
  { shape: 'a form-encoded body', raw: 'username=a&password=b', contentType: 'application/x-www-form-urlencoded', status: 415 },
  { shape: 'an XML body', raw: '<login><username>a</username></login>', contentType: 'application/xml', status: 415 },
  {
    shape: 'a multipart body',
    raw: '--x\r\nContent-Disposition: form-data; name="username"\r\n\r\na\r\n--x--\r\n',
    contentType: 'multipart/form-data; boundary=x',
    status: 415,
  },
  { shape: 'a body over the 256 KiB limit', raw: JSON.stringify({ ...loginBody, username: 'a'.repeat(300_000) }), status: 413 },
];

const shapeCases = bodyRoutes.flatMap((r) =>
  shapes.filter((s) => !(r.optionalBody && s.notWhenOptional)).map((s) => ({ ...r, ...s })),
);

describe('bodies of the wrong shape or type', () => {
  it.each(shapeCases)('POST $url with $shape is refused and writes nothing', async (c) => {
    const res = await sendWritingNothing({ url: c.url, as: c.as, raw: c.raw, contentType: c.contentType });
    if (c.field) expectFieldError(res, c.field);
    else expectRefusal(res, c.status);
  });

  it.each([
    { shape: 'malformed JSON', raw: '{"bye":', status: 400 },
    { shape: 'an XML body', raw: '<bye/>', contentType: 'application/xml', status: 415 },
    { shape: 'a body over the 256 KiB limit', raw: JSON.stringify({ x: K200, y: K200 }), status: 413 },
  ])('POST /api/patient/logout with $shape is refused and the session stays open', async (c) => {
    const admin = await signIn(h, 'admin@clearview.test');
    const before = await dbState();
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/patient/logout',
      headers: { ...bearer(admin), 'content-type': c.contentType ?? 'application/json' },
      payload: c.raw,
    });
    expectRefusal(res, c.status);
    expect(await dbState()).toEqual(before);
    expect((await h.app.inject({ method: 'GET', url: '/api/patient/me', headers: bearer(admin) })).statusCode).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 2. Fields of the wrong type, missing, too long: a 400 naming the field, nothing written

interface FieldCase {
  url: string;
  as?: As;
  name: string;
  body: unknown;
  field: string;
}

function credentialCases(url: string, base: Json): FieldCase[] {
  const c = (name: string, body: Json, field: string): FieldCase => ({ url, name, body, field });
  return [
    c('username as a number', { ...base, username: 42 }, 'username'),
    c('username as an array', { ...base, username: ['patient@clearview.test'] }, 'username'),
    c('username as an object', { ...base, username: { $ne: '' } }, 'username'),
    c('username null', { ...base, username: null }, 'username'),
    c('username missing', without(base, 'username'), 'username'),
    c('username empty', { ...base, username: '' }, 'username'),
    c('username only spaces', { ...base, username: '    ' }, 'username'),
    c('username of 10 000 characters', { ...base, username: `${K10}@clearview.test` }, 'username'),
    c('username of 200 000 characters', { ...base, username: K200 }, 'username'),
    c('username of 255 characters', { ...base, username: `${'u'.repeat(240)}@clearview.test` }, 'username'),
    c('password as a number', { ...base, password: 20262026 }, 'password'),
    c('password as an array', { ...base, password: [DEMO_PASSWORD] }, 'password'),
    c('password as an object', { ...base, password: {} }, 'password'),
    c('password null', { ...base, password: null }, 'password'),
    c('password missing', without(base, 'password'), 'password'),
    c('password empty', { ...base, password: '' }, 'password'),
    c('password of 10 000 characters', { ...base, password: K10 }, 'password'),
    c('password of 200 000 characters', { ...base, password: K200 }, 'password'),
    c('tenentID not a UUID', { ...base, tenentID: 'clearview' }, 'tenentID'),
    c('tenentID SQL', { ...base, tenentID: SQLI }, 'tenentID'),
    c('tenentID a UUID with SQL after it', { ...base, tenentID: `${demoIds.clearview}' or '1'='1` }, 'tenentID'),
    c('tenentID with dot segments', { ...base, tenentID: '../../../etc/passwd' }, 'tenentID'),
    c('tenentID as a number', { ...base, tenentID: 1 }, 'tenentID'),
    c('tenentID as an object', { ...base, tenentID: { id: demoIds.clearview } }, 'tenentID'),
    c('locationid not a UUID', { ...base, locationid: 'downtown' }, 'locationid'),
    c('locationid SQL', { ...base, locationid: SQLI }, 'locationid'),
    c('locationid as an array', { ...base, locationid: [demoIds.downtown] }, 'locationid'),
    c('isKiosk as a string', { ...base, isKiosk: 'true' }, 'isKiosk'),
    c('isPatient as a number', { ...base, isPatient: 1 }, 'isPatient'),
    c('isEnterpriseAdmin as an array', { ...base, isEnterpriseAdmin: [true] }, 'isEnterpriseAdmin'),
  ];
}

const fieldCases: FieldCase[] = [
  ...credentialCases('/api/patient/login', loginBody),
  { url: '/api/patient/login', name: 'vcode of 7 digits', body: { ...loginBody, isauth: true, vcode: '1234567' }, field: 'vcode' },
  { url: '/api/patient/login', name: 'vcode as a number', body: { ...loginBody, isauth: true, vcode: 123456 }, field: 'vcode' },
  { url: '/api/patient/login', name: 'vcode of 10 000 characters', body: { ...loginBody, vcode: K10 }, field: 'vcode' },
  { url: '/api/patient/login', name: 'isauth as a string', body: { ...loginBody, isauth: 'yes' }, field: 'isauth' },
  ...credentialCases('/api/patient/authcode', loginBody),

  ...(
    [
      ['username as a number', { ...forgotBody, username: 7 }, 'username'],
      ['username null', { ...forgotBody, username: null }, 'username'],
      ['username missing', without(forgotBody, 'username'), 'username'],
      ['username of 10 000 characters', { ...forgotBody, username: K10 }, 'username'],
      ['username of 200 000 characters', { ...forgotBody, username: K200 }, 'username'],
      ['username as an array', { ...forgotBody, username: ['staff@clearview.test'] }, 'username'],
      ['tenant missing', without(forgotBody, 'tenant'), 'tenant'],
      ['tenant not a UUID', { ...forgotBody, tenant: 'clearview' }, 'tenant'],
      ['tenant SQL', { ...forgotBody, tenant: SQLI }, 'tenant'],
      ['tenant with dot segments', { ...forgotBody, tenant: '../../etc/passwd' }, 'tenant'],
      ['tenant as a number', { ...forgotBody, tenant: 42 }, 'tenant'],
      ['tenant null', { ...forgotBody, tenant: null }, 'tenant'],
      ['tenant an emoji', { ...forgotBody, tenant: '🏥' }, 'tenant'],
      ['tenant of 10 000 characters', { ...forgotBody, tenant: K10 }, 'tenant'],
    ] as const
  ).map(([name, body, field]) => ({ url: '/api/patient/forgotpassword', name, body, field })),

  ...(
    [
      ['vcode of 5 digits', { ...otpBody, vcode: '12345' }, 'vcode'],
      ['vcode of 7 digits', { ...otpBody, vcode: '1234567' }, 'vcode'],
      ['vcode letters', { ...otpBody, vcode: 'abcdef' }, 'vcode'],
      ['vcode as a number', { ...otpBody, vcode: 123456 }, 'vcode'],
      ['vcode null', { ...otpBody, vcode: null }, 'vcode'],
      ['vcode missing', without(otpBody, 'vcode'), 'vcode'],
      ['vcode empty', { ...otpBody, vcode: '' }, 'vcode'],
      ['vcode with a space inside', { ...otpBody, vcode: '123 456' }, 'vcode'],
      ['vcode in Arabic-Indic digits', { ...otpBody, vcode: '١٢٣٤٥٦' }, 'vcode'],
      ['vcode with an emoji', { ...otpBody, vcode: '12345😀' }, 'vcode'],
      ['vcode SQL', { ...otpBody, vcode: SQLI }, 'vcode'],
      ['vcode of 10 000 characters', { ...otpBody, vcode: K10 }, 'vcode'],
      ['username missing', without(otpBody, 'username'), 'username'],
      ['tenant not a UUID', { ...otpBody, tenant: 'x' }, 'tenant'],
    ] as const
  ).map(([name, body, field]) => ({ url: '/api/patient/otpsubmit', name, body, field })),

  ...(
    [
      ['resetToken missing', without(resetBody, 'resetToken'), 'resetToken'],
      ['resetToken empty', { ...resetBody, resetToken: '' }, 'resetToken'],
      ['resetToken as a number', { ...resetBody, resetToken: 42 }, 'resetToken'],
      ['resetToken null', { ...resetBody, resetToken: null }, 'resetToken'],
      ['resetToken as an array', { ...resetBody, resetToken: [resetBody.resetToken] }, 'resetToken'],
      ['resetToken of 201 characters', { ...resetBody, resetToken: 'r'.repeat(201) }, 'resetToken'],
      ['resetToken of 10 000 characters', { ...resetBody, resetToken: K10 }, 'resetToken'],
      ['resetToken of 200 000 characters', { ...resetBody, resetToken: K200 }, 'resetToken'],
      ['password missing', without(resetBody, 'password'), 'password'],
      ['password of 11 characters', { ...resetBody, password: 'Short-pass1' }, 'password'],
      ['password of 129 characters', { ...resetBody, password: 'p'.repeat(129) }, 'password'],
      ['password of 200 000 characters', { ...resetBody, password: K200 }, 'password'],
      ['password as a number', { ...resetBody, password: 123456789012 }, 'password'],
      ['password null', { ...resetBody, password: null }, 'password'],
    ] as const
  ).map(([name, body, field]) => ({ url: '/api/patient/passwordReset', name, body, field })),

  ...(
    [
      ['vcode of 5 digits', { ...cpasswordBody, vcode: '12345' }, 'vcode'],
      ['vcode letters', { ...cpasswordBody, vcode: 'abcdef' }, 'vcode'],
      ['vcode as a number', { ...cpasswordBody, vcode: 123456 }, 'vcode'],
      ['vcode missing', without(cpasswordBody, 'vcode'), 'vcode'],
      ['vcode of 10 000 characters', { ...cpasswordBody, vcode: K10 }, 'vcode'],
      ['password missing', without(cpasswordBody, 'password'), 'password'],
      ['password of 11 characters', { ...cpasswordBody, password: 'Short-pass1' }, 'password'],
      ['password of 129 characters', { ...cpasswordBody, password: 'p'.repeat(129) }, 'password'],
      ['password of 200 000 characters', { ...cpasswordBody, password: K200 }, 'password'],
      ['password as an object', { ...cpasswordBody, password: { value: NEW_PASSWORD } }, 'password'],
      ['password null', { ...cpasswordBody, password: null }, 'password'],
    ] as const
  ).map(([name, body, field]) => ({ url: '/api/patient/cpassword', as: 'newuser' as const, name, body, field })),

  ...(
    [
      ['accessToken as a number', { accessToken: 42 }, 'accessToken'],
      ['accessToken as an object', { accessToken: { alg: 'none' } }, 'accessToken'],
      ['accessToken as an array', { accessToken: ['a.b.c'] }, 'accessToken'],
      ['accessToken true', { accessToken: true }, 'accessToken'],
      ['accessToken of 4 097 characters', { accessToken: 't'.repeat(4097) }, 'accessToken'],
      ['accessToken of 10 000 characters', { accessToken: K10 }, 'accessToken'],
      ['accessToken of 200 000 characters', { accessToken: K200 }, 'accessToken'],
    ] as const
  ).map(([name, body, field]) => ({ url: '/api/patient/refreshtoken', name, body, field })),

  ...(
    [
      ['data missing', {}, 'data'],
      ['data as a string', { data: 'light17' }, 'data'],
      ['data null', { data: null }, 'data'],
      ['settings missing', themeWith((d) => delete d.settings), 'data.settings'],
      ['settings as an array', themeWith((d) => (d.settings = [themeSettings])), 'data.settings'],
      ['layout style not one of the list', themeWith((_d, s) => (s.layout = { style: 'diagonal', config: {} })), 'data.settings.layout.style'],
      ['layout style SQL', themeWith((_d, s) => (s.layout = { style: SQLI, config: {} })), 'data.settings.layout.style'],
      ['layout as a number', themeWith((_d, s) => (s.layout = 1)), 'data.settings.layout'],
      [
        'navbar display as a string',
        themeWith((_d, s) => (s.layout = { style: 'vertical', config: { navbar: { display: 'true' } } })),
        'data.settings.layout.config.navbar.display',
      ],
      ['an unknown theme', themeWith((_d, s) => (s.theme = { ...themeSettings.theme, main: 'light99' })), 'data.settings.theme.main'],
      ['a theme name of 200 000 characters', themeWith((_d, s) => (s.theme = { ...themeSettings.theme, navbar: K200 })), 'data.settings.theme.navbar'],
      ['direction not ltr or rtl', themeWith((_d, s) => (s.direction = 'up')), 'data.settings.direction'],
      ['customScrollbars as a string', themeWith((_d, s) => (s.customScrollbars = 'yes')), 'data.settings.customScrollbars'],
      ['animations null', themeWith((_d, s) => (s.animations = null)), 'data.settings.animations'],
      ['shortcuts missing', themeWith((d) => delete d.shortcuts), 'data.shortcuts'],
      ['shortcuts as a string', themeWith((d) => (d.shortcuts = 'calendar')), 'data.shortcuts'],
      ['51 shortcuts', themeWith((d) => (d.shortcuts = Array.from({ length: 51 }, (_, i) => `s${i}`))), 'data.shortcuts'],
      ['an empty shortcut', themeWith((d) => (d.shortcuts = [''])), 'data.shortcuts.0'],
      ['a shortcut of 65 characters', themeWith((d) => (d.shortcuts = ['s'.repeat(65)])), 'data.shortcuts.0'],
      ['a shortcut of 200 000 characters', themeWith((d) => (d.shortcuts = [K200])), 'data.shortcuts.0'],
      ['a shortcut that is a number', themeWith((d) => (d.shortcuts = ['calendar', 7])), 'data.shortcuts.1'],
      ['a shortcut that is null', themeWith((d) => (d.shortcuts = [null])), 'data.shortcuts.0'],
      ['a shortcut that is an object', themeWith((d) => (d.shortcuts = [{ id: 'calendar' }])), 'data.shortcuts.0'],
    ] as const
  ).map(([name, body, field]) => ({ url: '/api/patient/savethemesettings', as: 'patient' as const, name, body, field })),
];

describe('fields of the wrong type, missing or too long', () => {
  it.each(fieldCases)('POST $url with $name: 400 naming $field, nothing written', async (c) => {
    const res = await sendWritingNothing({ url: c.url, as: c.as, body: c.body });
    expectFieldError(res, c.field);
  });

  it('every account still signs in with its own password afterwards', async () => {
    for (const username of ['patient@clearview.test', 'staff@clearview.test', 'admin@clearview.test']) {
      expect(await signInStatus(username, DEMO_PASSWORD), username).toBe(200);
    }
    // The new user's temporary password still opens only the new-user flow.
    const again = await signIn(h, 'newuser@clearview.test');
    expect(again.user.role).toEqual(['newuser']);
  });
});
