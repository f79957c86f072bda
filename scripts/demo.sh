#!/usr/bin/env bash
# heed's main job on the bundled example (examples/robots.txt): decide and explain URLs,
# then lint the file. No network. Exit code 1 from heed means "some URL is disallowed".
set -u
cd "$(dirname "$0")/.."
heed() {
  printf '\n$ heed %s\n' "$*"
  node dist/cli/main.js "$@"
  local code=$?
  [ "$code" -le 1 ] || exit "$code"
}
heed explain examples/robots.txt Googlebot /checkout/cart /%7estaff/directory /app.js '/products?sort=asc'
heed check examples/robots.txt ExampleBot/1.0 /api/public/docs/v1 /api/private '/shop?color=red&sort=asc' /robots.txt
heed check --mode google examples/robots.txt GPTBot /blog/post
heed lint examples/robots.txt
