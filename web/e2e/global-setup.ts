import { startServer } from './support/server';

/**
 * Starts the real server for the whole run and hands its address and data
 * dir to the tests through the environment. Set HIRELANE_E2E_BASE_URL and
 * HIRELANE_E2E_DATA_DIR to test a server that is already running instead.
 */
export default async function globalSetup() {
  if (process.env.HIRELANE_E2E_BASE_URL && process.env.HIRELANE_E2E_DATA_DIR) return undefined;
  const server = await startServer();
  process.env.HIRELANE_E2E_BASE_URL = server.baseUrl;
  process.env.HIRELANE_E2E_DATA_DIR = server.dataDir;
  console.log(`hirelane serve at ${server.baseUrl}, data in ${server.dataDir}`);
  return server.stop;
}
