import { expect, test } from './fixtures';

type Schema = { type?: string; required?: string[]; properties?: Record<string, Schema>; $ref?: string };
type OpenApi = {
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>>;
  components: { schemas: Record<string, Schema> };
};

/**
 * The calls and fields the web client relies on, checked against the server's
 * OpenAPI document so the two cannot drift apart unnoticed.
 */
test('the OpenAPI document has the auth calls and the fields the client reads', async ({ request }) => {
  const response = await request.get('/api-docs/openapi.json');
  expect(response.status()).toBe(200);
  const doc = (await response.json()) as OpenApi;

  const base = doc.servers?.[0]?.url ?? '';
  expect(base).toBe('/api');

  const resolve = (schema: Schema | undefined): Schema => {
    const name = schema?.$ref?.split('/').pop();
    return name ? (doc.components.schemas[name] ?? {}) : (schema ?? {});
  };
  const answer = (path: string, method: string, status = '200') =>
    resolve(doc.paths[path]?.[method]?.responses?.[status]?.content?.['application/json']?.schema);
  const fields = (schema: Schema) => Object.keys(schema.properties ?? {}).sort();

  expect(fields(answer('/auth/requestotp', 'post'))).toEqual(expect.arrayContaining(['success', 'message']));

  const verified = answer('/auth/verifyotp', 'post');
  const session = resolve(verified.properties?.data);
  expect(fields(session)).toEqual(expect.arrayContaining(['token', 'validTo', 'refreshToken', 'user']));
  expect(fields(resolve(session.properties?.user))).toEqual(expect.arrayContaining(['userFullName', 'email']));

  expect(fields(answer('/auth/refresh-token', 'post'))).toEqual(expect.arrayContaining(['accessToken', 'refreshToken', 'validTo']));
  expect(fields(answer('/auth/me', 'get'))).toEqual(expect.arrayContaining(['email', 'userFullName']));
  expect(fields(answer('/auth/me', 'get', '401'))).toEqual(expect.arrayContaining(['message', 'code']));

  // The candidate pages (features/candidates/api/types.ts).
  const item = (schema: Schema & { items?: Schema }) => resolve((schema as { items?: Schema }).items);
  expect(fields(item(answer('/Drive/ViewJDResumes', 'get')))).toEqual(
    expect.arrayContaining([
      'resumeId',
      'resumeFileId',
      'filePath',
      'candidateName',
      'candidateEmail',
      'candidatePhone',
      'createdOn',
      'atsScore',
      'recommendation',
      'callId',
      'interviewStatus',
      'analysisStatus',
      'analysisError',
    ]),
  );
  expect(fields(item(answer('/Drive/GetAllCandidates', 'get')))).toEqual(
    expect.arrayContaining([
      'candidateName',
      'candidateEmail',
      'candidatePhone',
      'jdname',
      'jdid',
      'atsscore',
      'recommendation',
      'interviewStatus',
      'resumeId',
      'callId',
      'uploadedAt',
      'analysisStatus',
    ]),
  );
  expect(fields(item(answer('/Interview/ResumeDetails', 'get')))).toEqual(
    expect.arrayContaining([
      'candidateName',
      'jobName',
      'filePath',
      'resumeFileId',
      'atsScore',
      'skillsMatchScore',
      'recommendation',
      'analysisSummary',
      'matchedSkills',
      'missingSkills',
      'analysisStatus',
      'analysisError',
    ]),
  );
  expect(fields(answer('/Drive/UploadResume', 'post'))).toEqual(expect.arrayContaining(['success', 'message', 'files']));
});
