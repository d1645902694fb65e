#!/usr/bin/env node
/**
 * The registry reachable from our machines lacks some platform-specific
 * optional packages (e.g. @tailwindcss/oxide's macOS and Windows binaries).
 * `npm install` then writes a package-lock.json without them, which `npm ci`
 * rejects as out of sync. This adds a placeholder entry (version, os, cpu,
 * optional) for every missing optional dependency whose platform can be read
 * from its name; npm skips those on other platforms without fetching them.
 *
 * Run after `npm install <package>`:  node scripts/lock-platforms.mjs && npm ci
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const lockPath = join(dirname(fileURLToPath(import.meta.url)), '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openbsd', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'wasm32'];

/** Reads os, cpu and libc from names like `oxide-linux-arm64-musl` or `oxide-wasm32-wasi`. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.find((part) => CPU.includes(part)) ?? (parts.includes('arm') ? 'arm' : undefined);
  const libc = parts.includes('musl') ? 'musl' : parts.includes('gnu') ? 'glibc' : undefined;
  return cpu ? { os, cpu, libc } : null;
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `${path ? `${path}/` : ''}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[key] || packages[hoisted]) continue;
    const platform = platformOf(name);
    if (!platform) {
      console.warn(`skipped ${name}: no platform in its name`);
      continue;
    }
    packages[hoisted] = {
      version,
      cpu: [platform.cpu],
      ...(entry.dev ? { dev: true } : {}),
      ...(platform.libc ? { libc: [platform.libc] } : {}),
      optional: true,
      ...(platform.os ? { os: [platform.os] } : {}),
    };
    added += 1;
    console.log(`added ${hoisted}@${version}`);
  }
}

if (added) {
  const [root, ...rest] = Object.entries(packages);
  lock.packages = Object.fromEntries([root, ...rest.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]);
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
}
console.log(`${added} placeholder entr${added === 1 ? 'y' : 'ies'} added`);
