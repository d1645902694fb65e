import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

import { unknownRoutes } from './fetch-mock';

// findBy*/waitFor give up after 1 s by default; a loaded 2-core CI machine can take longer to
// render a lazy page, and a slow pass is not a failure.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // A mock that answers a route the server does not have would test nothing real.
  const unknown = unknownRoutes.splice(0);
  if (unknown.length > 0) throw new Error(`Called routes the OpenAPI document lacks: ${unknown.join(', ')}`);
});
