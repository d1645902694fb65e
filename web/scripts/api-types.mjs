/**
 * Generates src/lib/api/schema.d.ts from the committed OpenAPI snapshot, or with `--out <file>`
 * elsewhere (the unit test that keeps the committed file current writes to a temporary file).
 *
 * openapi-typescript's CLI types `format: binary` as `string`; file fields are sent as Blobs
 * (a File is one), so the Node API maps them to `Blob` and openapi-fetch can check a multipart
 * body against the path's form.
 */
import { writeFileSync } from 'node:fs';
import openapiTS, { COMMENT_HEADER, astToString } from 'openapi-typescript';
import ts from 'typescript';

const outFlag = process.argv.indexOf('--out');
const out = outFlag === -1 ? new URL('../src/lib/api/schema.d.ts', import.meta.url) : process.argv[outFlag + 1];

const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));
const NULL = ts.factory.createLiteralTypeNode(ts.factory.createNull());

const ast = await openapiTS(new URL('../src/lib/api/openapi.json', import.meta.url), {
  transform(schemaObject) {
    if (schemaObject.format !== 'binary') return undefined;
    const nullable = Array.isArray(schemaObject.type) && schemaObject.type.includes('null');
    return nullable ? ts.factory.createUnionTypeNode([BLOB, NULL]) : BLOB;
  },
});
writeFileSync(out, COMMENT_HEADER + astToString(ast));
