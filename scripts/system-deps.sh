#!/usr/bin/env bash
# Installs what the tests need from Debian's packages when it is missing, and makes sure the
# local PostgreSQL server is running. Idempotent; needs root (or sudo) only when installing.
set -euo pipefail

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v pg_isready >/dev/null 2>&1 || need+=(postgresql-client)
# The multi-instance test runs the operations guide's nginx sample in front of two servers.
[ -x /usr/sbin/nginx ] || need+=(nginx-light)   # /usr/sbin: not on a non-root PATH
command -v openssl >/dev/null 2>&1 || need+=(openssl)
# Scanned resumes: poppler renders a PDF's pages, Tesseract (with its English model) reads them.
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
command -v tesseract >/dev/null 2>&1 || need+=(tesseract-ocr)
[ -e /usr/share/tesseract-ocr/5/tessdata/eng.traineddata ] || need+=(tesseract-ocr-eng)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "installing from Debian: ${need[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
    echo "starting PostgreSQL"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
  fi
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi
